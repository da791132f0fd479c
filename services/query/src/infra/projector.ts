import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';

/**
 * A projector turns events into read-model rows. Handlers are keyed by event type; an
 * event without a handler only moves the checkpoint. `tables` are the tables a rebuild
 * empties before replaying from position 0.
 */
export type Projector = {
  readonly name: string;
  readonly tables: readonly string[];
  readonly handlers: Readonly<Record<string, (em: EntityManager, event: RecordedEvent) => Promise<void> | void>>;
};
