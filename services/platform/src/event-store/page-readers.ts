import { comparePositions, type Position } from '@reflections/contracts/position';
import type { PageReader, ReadAllPage } from './event-store';

/**
 * Pages read one after the other from `from`, each from the `scannedTo` of the one before,
 * until a page shorter than `maxCount` (it reached the head). The first read starts now; each
 * later one when the page before it is taken.
 */
export function pagesOneByOne(
  read: (after: Position) => Promise<ReadAllPage>,
  from: Position,
  maxCount: number,
): PageReader {
  let pending: Promise<ReadAllPage> | null = read(from);
  // Awaited when taken; a rebuild that stops before then must not leave it unhandled.
  pending.catch(() => undefined);
  let after: Position | null = null;
  return async () => {
    if (!pending && after) pending = read(after);
    if (!pending) return null;
    const page = await pending;
    pending = null;
    after = page.events.length === maxCount && page.scannedTo ? page.scannedTo : null;
    return page;
  };
}

/** Pages of several readers, each one's to its end, then the next one's. */
export function pagesInTurn(readers: Promise<readonly PageReader[]>): PageReader {
  let current = 0;
  return async () => {
    const all = await readers;
    for (; current < all.length; current++) {
      const page = await all[current]();
      if (page) return page;
    }
    return null;
  };
}

/**
 * Where to cut a stretch of the log from `from` to `last` so that its `parts` can be read
 * side by side: by transaction id, whole transactions to a part, each bound the last position
 * its part may hold. Fewer parts when there are too few transactions to cut.
 */
export function stretchBounds(from: Position, first: Position, last: Position, parts: number): Position[] {
  const low = comparePositions(first, from) > 0 ? first.commit : from.commit;
  const bounds: Position[] = [];
  for (let part = 1; part < parts; part++) {
    const commit = low + ((last.commit - low) * BigInt(part)) / BigInt(parts);
    const previous = bounds[bounds.length - 1] ?? from;
    if (commit > previous.commit && commit < last.commit) bounds.push({ commit, prepare: LAST_IN_TRANSACTION });
  }
  return [...bounds, last];
}

/** A position after every event of its transaction: the greatest bigint. */
const LAST_IN_TRANSACTION = 2n ** 63n - 1n;
