import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import type { Projector } from './projector';

/** One run of events through a projector's batch hooks and handlers. */
async function applyRun(em: EntityManager, projector: Projector, events: readonly RecordedEvent[]): Promise<void> {
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
}

/**
 * Runs one batch of events through a projector, inside the caller's transaction. A projector
 * that forgets erased members (issue 24) has the batch cut after each MemberErased: the rows
 * before it are written, then forgotten, and what comes after applies as in a new batch, so
 * the outcome is the same however the log was cut into batches (live or in a replay).
 */
export async function applyEvents(
  em: EntityManager,
  projector: Projector,
  events: readonly RecordedEvent[],
): Promise<void> {
  const { forgetMember } = projector;
  if (!forgetMember) return applyRun(em, projector, events);
  let start = 0;
  for (let i = 0; i < events.length; i++) {
    if (events[i].type !== 'MemberErased') continue;
    await applyRun(em, projector, events.slice(start, i + 1));
    await forgetMember(em, (events[i].data as { userId: string }).userId);
    start = i + 1;
  }
  await applyRun(em, projector, events.slice(start));
}
