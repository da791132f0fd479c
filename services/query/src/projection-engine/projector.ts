import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import type { BatchStatement } from './batch-statements';
import type { RebuildContext } from './rebuild-context';

export type ProjectorHandler = (em: EntityManager, event: RecordedEvent) => Promise<void> | void;

/**
 * A projector turns events into read-model rows. Handlers are keyed by event type; an
 * event without a handler only moves the checkpoint. `tables` are the tables a rebuild
 * builds afresh and swaps in. Every other field is optional.
 */
export type Projector = {
  readonly name: string;
  readonly tables: readonly string[];
  readonly handlers: Readonly<Record<string, ProjectorHandler>>;
  /** Sees every event, whatever its type (for reports about any activity). */
  readonly everyEvent?: ProjectorHandler;
  /**
   * Runs once per batch, in its transaction, before the handlers: for example to load
   * every row the batch touches with one query, so that handlers find them in the
   * identity map instead of making a round trip per event.
   */
  readonly beforeBatch?: (em: EntityManager, events: readonly RecordedEvent[]) => Promise<void>;
  /** Runs once per batch, in its transaction, after the handlers (for example to write buffered rows). */
  readonly afterBatch?: (em: EntityManager) => Promise<void>;
  /**
   * `CREATE TABLE` statements (unqualified names) for projectors that own their tables'
   * definition, such as reports: run when the tables are missing, and used to build
   * fresh tables on a rebuild. Without them, a rebuild copies the live tables' definition.
   */
  readonly createTables?: readonly string[];
  /**
   * The secondary indexes `beforeBatch` queries by. A rebuild fills fresh tables without
   * the others and builds those once the rows are in, which is faster than row by row.
   */
  readonly indexesForReplay?: readonly string[];
  /**
   * Tables (among `tables`) that keep only recent changes for listeners open now, keyed so
   * that a row written twice is kept once. A rebuild copies their rows from the live tables
   * at the swap, and its batches skip the events the live tables had already projected
   * (handlers ask `feedsLive`).
   */
  readonly liveFeedTables?: readonly string[];
  /**
   * Tables (among `tables`) whose rows are only ever inserted, each under a key no other event
   * gives (its event's id), and never loaded. A rebuild fills them with plain INSERTs and
   * builds their primary key once the rows are in, as it does the secondary indexes: a key
   * written twice fails the rebuild there rather than overwriting a row.
   */
  readonly insertOnlyTables?: readonly string[];
  /**
   * Tables (among `tables`) that a rebuild's batches write only with plain INSERTs or COPY
   * (rows `heldRows` holds back to the end) until they call `keyFreshTables`: a rebuild
   * builds their primary key once their rows are in, beside their secondary indexes, as for
   * `insertOnlyTables`, rather than row by row (a third of the forum's replies' COPY).
   */
  readonly keyedAfterRows?: readonly string[];
  /**
   * Whether a rebuild may apply a page's handlers while the page before it is still being
   * written: set by projectors whose handlers never touch the database and whose batch hooks
   * await `earlierPagesWritten` before they read or write it (`readModelProjection`).
   */
  readonly overlapsPages?: boolean;
  /**
   * In a rebuild, the rows the projector kept in memory (`carriedRows`) rather than writing
   * them page by page, to be written once after the last page: statements that each write
   * rows of one table, run side by side in transactions of their own, a table's before its
   * deferred indexes. Called once; from then on its batches write as usual.
   */
  readonly heldRows?: (context: RebuildContext) => readonly BatchStatement[];
  /**
   * Issue 24: drops or anonymises what the read model holds of a member whose account was
   * erased (MemberErased). Runs after the batch's rows are written, so nothing buffered
   * earlier in the batch brings him back.
   */
  readonly forgetMember?: (em: EntityManager, userId: string) => Promise<void>;
};

/** The event types a projector reads, or null when it reads every event. */
export const eventTypesOf = (projector: Projector): readonly string[] | null =>
  projector.everyEvent
    ? null
    : [
        ...Object.keys(projector.handlers),
        ...(projector.forgetMember && !projector.handlers.MemberErased ? ['MemberErased'] : []),
      ];
