import type { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReadModelName } from '@reflections/contracts/admin';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import { type BatchStatement, runStatements } from './batch-statements';
import { EntityBatch, perBatch } from './entity-batch';
import type { Projector } from './projector';
import { earlierPagesWritten } from './rebuild-context';

/**
 * Rows a batch keeps in memory and writes back after its handlers: an EntityBatch or
 * MergedRows. Those that hand over their `statements` are written together, in one round trip.
 */
export type BatchRows = {
  write(em: EntityManager): Promise<void>;
  statements?(): BatchStatement[];
};

/** Changes the batch's rows for one event; the rows reach the database after the batch. */
export type ReadModelHandler<Rows> = (rows: Rows, event: RecordedEvent) => void;

type ProjectorOptions = Pick<
  Projector,
  | 'createTables'
  | 'indexesForReplay'
  | 'liveFeedTables'
  | 'insertOnlyTables'
  | 'keyedAfterRows'
  | 'forgetMember'
  | 'heldRows'
>;

/**
 * The one recipe of a read model: its name from READ_MODELS, its tables, the rows a batch
 * keeps (made for each batch and, by `load`, filled with one query for every row its events
 * touch), and a handler per event type that changes them. Written back after the batch,
 * with one statement per table, in the batch's transaction: replaying thousands of events a
 * second makes no round trip per event.
 */
export function readModelProjection<Rows extends BatchRows | Readonly<Record<string, BatchRows>>>(
  definition: {
    name: ReadModelName;
    tables: readonly string[];
    rows: (em: EntityManager) => Rows;
    load?: (rows: Rows, em: EntityManager, events: readonly RecordedEvent[]) => Promise<void>;
    handlers: Readonly<Record<string, ReadModelHandler<Rows>>>;
    /** Sees every event, whatever its type (for reports about any activity). */
    everyEvent?: ReadModelHandler<Rows>;
  } & ProjectorOptions,
): Projector {
  const { name, tables, rows, load, handlers, everyEvent, ...options } = definition;
  const batches = perBatch(rows);
  const withRows = (handle: ReadModelHandler<Rows>) => (em: EntityManager, event: RecordedEvent) =>
    handle(batches.of(em), event);
  const writers = (held: Rows): BatchRows[] =>
    'write' in held && typeof held.write === 'function'
      ? [held as BatchRows]
      : Object.values(held as Record<string, BatchRows>);
  return {
    name,
    tables,
    ...options,
    overlapsPages: true,
    beforeBatch: async (em, events) => {
      const held = batches.start(em);
      if (!load) return;
      const earlier = earlierPagesWritten(em);
      if (earlier) await earlier;
      await load(held, em, events);
    },
    afterBatch: async (em) => {
      const held = writers(batches.finish(em)!);
      // Made (and serialised) while the page before may still be being written.
      const statements = held.flatMap((writer) => writer.statements?.() ?? []);
      const earlier = earlierPagesWritten(em);
      if (earlier) await earlier;
      for (const writer of held) if (!writer.statements) await writer.write(em);
      await runStatements(em, statements);
    },
    handlers: Object.fromEntries(Object.entries(handlers).map(([type, handle]) => [type, withRows(handle)])),
    everyEvent: everyEvent && withRows(everyEvent),
  };
}

/**
 * A read model of one entity's rows: `keyOf` names the row an event touches (null for
 * none; without it, handlers only insert rows and nothing is loaded).
 */
export function entityProjection<T extends object>(
  definition: {
    name: ReadModelName;
    entity: EntitySchema<T>;
    keyOf?: (event: RecordedEvent) => Partial<T> | null;
    handlers: Readonly<Record<string, ReadModelHandler<EntityBatch<T>>>>;
  } & ProjectorOptions,
): Projector {
  const { name, entity, keyOf, handlers, ...options } = definition;
  return readModelProjection({
    name,
    tables: [entity.meta.tableName],
    rows: (em) => new EntityBatch(em, entity.meta.class),
    load: keyOf
      ? (rows, em, events) =>
          rows.load(
            em,
            events.flatMap((event) => keyOf(event) ?? []),
          )
      : undefined,
    handlers,
    ...options,
  });
}
