import type { Position } from '@reflections/contracts/position';
import type { ReadAllPage } from './event-store';
import { pagesInTurn, pagesOneByOne, stretchBounds } from './page-readers';

const at = (commit: number, prepare = 0): Position => ({ commit: BigInt(commit), prepare: BigInt(prepare) });
const LAST = 2n ** 63n - 1n;

describe('cutting the log into stretches read side by side', () => {
  it('cuts by transaction id between the first event (or the position read from) and the head', () => {
    expect(stretchBounds(at(0), at(100, 5), at(500, 9), 4)).toEqual([
      { commit: 200n, prepare: LAST },
      { commit: 300n, prepare: LAST },
      { commit: 400n, prepare: LAST },
      at(500, 9),
    ]);
    expect(stretchBounds(at(300, 2), at(100), at(500, 9), 2)).toEqual([{ commit: 400n, prepare: LAST }, at(500, 9)]);
  });

  it('makes no more stretches than there are transactions to read', () => {
    expect(stretchBounds(at(0), at(10), at(11, 3), 4)).toEqual([{ commit: 10n, prepare: LAST }, at(11, 3)]);
    expect(stretchBounds(at(0), at(10), at(12), 4)).toEqual([
      { commit: 10n, prepare: LAST },
      { commit: 11n, prepare: LAST },
      at(12),
    ]);
    expect(stretchBounds(at(0), at(10), at(10, 4), 4)).toEqual([at(10, 4)]);
  });
});

describe('taking pages', () => {
  const page = (events: number, scannedTo: number): ReadAllPage => ({
    events: Array.from({ length: events }, () => ({}) as ReadAllPage['events'][number]),
    scannedTo: at(scannedTo),
  });

  it('reads one by one, each from where the page before it ended, and stops at a short page', async () => {
    const asked: bigint[] = [];
    const pages = [page(2, 10), page(2, 20), page(1, 30)];
    const next = pagesOneByOne(async (after) => (asked.push(after.commit), pages[asked.length - 1]), at(0), 2);
    const taken: (ReadAllPage | null)[] = [await next(), await next(), await next(), await next()];
    expect(taken).toEqual([...pages, null]);
    expect(asked).toEqual([0n, 10n, 20n]);
  });

  it("takes each reader's pages to its end, then the next reader's", async () => {
    const from =
      (...pages: ReadAllPage[]) =>
      async () =>
        pages.shift() ?? null;
    const next = pagesInTurn(Promise.resolve([from(page(1, 1), page(0, 2)), from(), from(page(3, 5))]));
    const scanned = [];
    for (let taken = await next(); taken; taken = await next()) scanned.push(taken.scannedTo?.commit);
    expect(scanned).toEqual([1n, 2n, 5n]);
  });
});
