import type { EntityManager } from '@mikro-orm/postgresql';
import { comparePositions, type Position } from '@reflections/contracts/position';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';

/**
 * What the batches of one rebuild share: they fill fresh tables, which hold nothing but what
 * this rebuild wrote.
 */
export type RebuildContext = {
  /** Where the live tables stood when the rebuild began, for a projector with a live feed (see `Projector.liveFeedTables`). */
  readonly liveUpTo: Position | null;
  /**
   * The keys this rebuild has written, by table (see `EntityBatch`): a key not here has no row
   * in the fresh table, so a batch need not ask the database for it. A batch that failed
   * and was rolled back leaves its keys here, which only costs a lookup that finds nothing.
   */
  readonly written: Map<string, Set<string>>;
  /** Fresh tables whose primary key is built after their rows are in (see `Projector.insertOnlyTables`): until then, plain INSERTs. */
  readonly unkeyed: Set<string>;
  /** What a projector keeps in memory from one of the rebuild's batches to the next, by projector (see `carriedRows`). */
  readonly carried: Map<string, unknown>;
};

export const newRebuildContext = (liveUpTo: Position | null): RebuildContext => ({
  liveUpTo,
  written: new Map(),
  unkeyed: new Set(),
  carried: new Map(),
});

/** How a rebuild's page learns that the page before it has run its handlers, and tells the page after it. */
export type PageHandling = {
  /** Settles once the page before has run its handlers (or has ended, written or not). */
  readonly earlierHandled: Promise<void>;
  /** Tells the page after that this one has run its handlers: its rows are final in memory. */
  readonly handled: () => void;
};

const rebuilding = new WeakMap<EntityManager, RebuildContext>();
const earlierPages = new WeakMap<EntityManager, Promise<void>>();
const pageHandlings = new WeakMap<EntityManager, PageHandling>();

/**
 * Marks `em` as the transaction of one of a rebuild's batches; `earlierPagesDone`, in a
 * rebuild whose pages overlap (see `Projector.overlapsPages`), settles once the pages
 * before this one are written.
 */
export function markRebuildBatch(
  em: EntityManager,
  context: RebuildContext,
  earlierPagesDone?: Promise<void>,
  handling?: PageHandling,
): void {
  rebuilding.set(em, context);
  if (earlierPagesDone) earlierPages.set(em, earlierPagesDone);
  if (handling) pageHandlings.set(em, handling);
}

/**
 * What a batch awaits before it reads or writes the database, when the pages of its rebuild
 * overlap (undefined otherwise, and for live batches): its handlers may run while the page
 * before it is still being written, its loads and writes may not.
 */
export const earlierPagesWritten = (em: EntityManager): Promise<void> | undefined => earlierPages.get(em);

/**
 * What a batch that carries rows from the pages before it (see `carriedRows`) awaits before
 * reading them: the page before has run its handlers, though it may not be written yet.
 * Undefined where pages do not overlap, and for live batches.
 */
export const earlierPagesHandled = (em: EntityManager): Promise<void> | undefined =>
  pageHandlings.get(em)?.earlierHandled;

/** Tells the next page of the rebuild, if it waits for it, that this batch has run its handlers. */
export const batchHandled = (em: EntityManager): void => pageHandlings.get(em)?.handled();

/**
 * A projector's state kept across the batches of one rebuild (made by `create` at its first
 * batch), or undefined in a live batch.
 */
export function carriedRows<T>(em: EntityManager, projector: string, create: () => T): T | undefined {
  const rebuild = rebuilding.get(em);
  if (!rebuild) return undefined;
  let carried = rebuild.carried.get(projector) as T | undefined;
  if (carried === undefined) rebuild.carried.set(projector, (carried = create()));
  return carried;
}

/** The rebuild `em`'s batch belongs to, or undefined for a live batch. */
export const rebuildOf = (em: EntityManager): RebuildContext | undefined => rebuilding.get(em);

/**
 * In a rebuild's batch, the keys the rebuild has written to this fresh table so far (the set
 * the batch adds its own keys to): a key not in it has no row there. Undefined in a live batch.
 */
export function writtenKeys(em: EntityManager, table: string): Set<string> | undefined {
  const rebuild = rebuilding.get(em);
  if (!rebuild) return undefined;
  let keys = rebuild.written.get(table);
  if (!keys) rebuild.written.set(table, (keys = new Set()));
  return keys;
}

/** Of `ids`, those the table may hold: every one in a live batch; in a rebuild, those an earlier page wrote. */
export function possiblyStored(em: EntityManager, table: string, ids: readonly string[]): string[] {
  const written = writtenKeys(em, table);
  return written ? ids.filter((id) => written.has(id)) : [...ids];
}

/** In a rebuild, notes the keys this batch writes to the table, so that later pages look them up. */
export function recordWritten(em: EntityManager, table: string, ids: Iterable<string>): void {
  const written = writtenKeys(em, table);
  if (written) for (const id of ids) written.add(id);
}

/**
 * Whether a batch should write a live-feed row for this event. Live batches always should.
 * A rebuild should not for an event the live tables had already projected when it began:
 * the swap carries the live feed's rows over, so a listener open across the swap neither
 * misses a change nor sees one twice, and a rebuild of a log written minutes ago does not
 * write (and delete again) a row per event.
 */
export function feedsLive(em: EntityManager): (event: RecordedEvent) => boolean {
  const liveUpTo = rebuilding.get(em)?.liveUpTo;
  return liveUpTo ? (event) => comparePositions(event.position, liveUpTo) > 0 : () => true;
}
