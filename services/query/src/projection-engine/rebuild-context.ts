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
  /**
   * Fresh tables whose primary key is built after their rows are in (see
   * `Projector.insertOnlyTables` and `keyedAfterRows`), with how to build it: until then,
   * plain INSERTs.
   */
  readonly unkeyed: Map<string, LateKey>;
  /** What a projector keeps in memory from one of the rebuild's batches to the next, by projector (see `carriedRows`). */
  readonly carried: Map<string, unknown>;
};

/**
 * How a rebuild builds a fresh table's primary key once its rows are in: its unique index,
 * beside the table's other indexes (null where the key cannot be built that way), then the
 * constraint, on that index when there is one.
 */
export type LateKey = { readonly index: string | null; readonly constraint: string };

export const newRebuildContext = (liveUpTo: Position | null): RebuildContext => ({
  liveUpTo,
  written: new Map(),
  unkeyed: new Map(),
  carried: new Map(),
});

const rebuilding = new WeakMap<EntityManager, RebuildContext>();
const earlierPages = new WeakMap<EntityManager, Promise<void>>();
const commitCallbacks = new WeakMap<EntityManager, (() => void)[]>();

/**
 * Marks `em` as the transaction of one of a rebuild's batches; `earlierPagesDone`, in a
 * rebuild whose pages overlap (see `Projector.overlapsPages`), settles once the pages
 * before this one are written.
 */
export function markRebuildBatch(em: EntityManager, context: RebuildContext, earlierPagesDone?: Promise<void>): void {
  rebuilding.set(em, context);
  if (earlierPagesDone) earlierPages.set(em, earlierPagesDone);
}

/**
 * What a batch awaits before it reads or writes the database, when the pages of its rebuild
 * overlap (undefined otherwise, and for live batches): its handlers may run while the page
 * before it is still being written, its loads and writes may not.
 */
export const earlierPagesWritten = (em: EntityManager): Promise<void> | undefined => earlierPages.get(em);

/**
 * In a rebuild's batch, runs `callback` once the batch's transaction (or savepoint) has
 * committed, before the page after it reads anything: what a projector keeps in memory
 * across pages (`carriedRows`) then takes only what the tables hold or will hold, never the
 * changes of a batch that failed and is tried again. Never called for a batch that fails.
 */
export function onCommitted(em: EntityManager, callback: () => void): void {
  let callbacks = commitCallbacks.get(em);
  if (!callbacks) commitCallbacks.set(em, (callbacks = []));
  callbacks.push(callback);
}

/** Called by the rebuild once `em`'s transaction has committed: see `onCommitted`. */
export function committed(em: EntityManager): void {
  for (const callback of commitCallbacks.get(em) ?? []) callback();
  commitCallbacks.delete(em);
}

/**
 * A projector's state kept across the batches of one rebuild (made by `create` at its first
 * batch), or undefined in a live batch.
 */
export function carriedRows<T>(em: EntityManager, projector: string, create: () => T): T | undefined {
  const rebuild = rebuilding.get(em);
  return rebuild && carriedIn(rebuild, projector, create);
}

/** `carriedRows` of a rebuild's context rather than of one of its batches. */
export function carriedIn<T>(context: RebuildContext, projector: string, create: () => T): T {
  let carried = context.carried.get(projector) as T | undefined;
  if (carried === undefined) context.carried.set(projector, (carried = create()));
  return carried;
}

/**
 * In a rebuild's batch, builds now, in the batch's transaction, the primary keys of those of
 * `tables` that have none yet: for a projector that from here on writes them with
 * `ON CONFLICT` (see `Projector.keyedAfterRows`). Nothing in a live batch.
 */
export async function keyFreshTables(em: EntityManager, tables: readonly string[]): Promise<void> {
  const rebuild = rebuilding.get(em);
  const unkeyed = rebuild ? tables.filter((table) => rebuild.unkeyed.has(table)) : [];
  if (!rebuild || unkeyed.length === 0) return;
  await em.execute(
    unkeyed
      .flatMap((table) => {
        const { index, constraint } = rebuild.unkeyed.get(table)!;
        return index ? [index, constraint] : [constraint];
      })
      .join(';\n'),
  );
  // A batch that fails leaves them unkeyed: its next try builds them again.
  onCommitted(em, () => {
    for (const table of unkeyed) rebuild.unkeyed.delete(table);
  });
}

/** The rebuild `em`'s batch belongs to, or undefined for a live batch. */
export const rebuildOf = (em: EntityManager): RebuildContext | undefined => rebuilding.get(em);

/**
 * In a rebuild's batch, the keys the rebuild has written to this fresh table so far (the set
 * the batch adds its own keys to): a key not in it has no row there. Undefined in a live batch.
 */
export function writtenKeys(em: EntityManager, table: string): Set<string> | undefined {
  const rebuild = rebuilding.get(em);
  return rebuild && writtenKeysOf(rebuild, table);
}

function writtenKeysOf(context: RebuildContext, table: string): Set<string> {
  let keys = context.written.get(table);
  if (!keys) context.written.set(table, (keys = new Set()));
  return keys;
}

/** Of `ids`, those the table may hold: every one in a live batch; in a rebuild, those an earlier page wrote. */
export function possiblyStored(em: EntityManager, table: string, ids: readonly string[]): string[] {
  const written = writtenKeys(em, table);
  return written ? ids.filter((id) => written.has(id)) : [...ids];
}

/** In a rebuild, notes the keys this batch writes to the table, so that later pages look them up. */
export function recordWritten(em: EntityManager, table: string, ids: Iterable<string>): void {
  const rebuild = rebuilding.get(em);
  if (rebuild) recordWrittenIn(rebuild, table, ids);
}

/** `recordWritten` for rows a rebuild writes outside its batches (see `Projector.heldRows`). */
export function recordWrittenIn(context: RebuildContext, table: string, ids: Iterable<string>): void {
  const written = writtenKeysOf(context, table);
  for (const id of ids) written.add(id);
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
