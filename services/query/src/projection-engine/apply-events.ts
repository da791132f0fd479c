import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import type { Projector } from './projector';

/** Runs one batch of events through a projector, inside the caller's transaction. */
export async function applyEvents(em: EntityManager, projector: Projector, events: readonly RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  await projector.beforeBatch?.(em, events);
  const { handlers, everyEvent } = projector;
  for (const event of events) {
    // Most handlers are synchronous: awaiting only promises saves a microtask per event on a replay.
    const handled = handlers[event.type]?.(em, event);
    if (handled) await handled;
    const seen = everyEvent?.(em, event);
    if (seen) await seen;
  }
  await projector.afterBatch?.(em);
  if (projector.forgetMember) for (const event of events) if (event.type === 'MemberErased') await projector.forgetMember(em, (event.data as { userId: string }).userId);
}
