import { QUERY_PROJECTORS } from '../start-projectors';
import { decodeNotice, encodeNotice, MAX_PER_NOTICE } from './checkpoint-notices';

describe('checkpoint notices on PostgreSQL NOTIFY', () => {
  it('carry checkpoints and applied batches with their 64-bit positions intact', () => {
    const position = { commit: 9_007_199_254_740_993n, prepare: 7n };
    const notice = { checkpoints: [{ name: 'users', position }], applied: [{ projector: 'forum', position }] };
    expect(decodeNotice(encodeNotice(notice))).toEqual(notice);
  });

  it('fit PostgreSQL’s 8000-byte payload at their fullest: the longest projector name, the largest positions', () => {
    const name = QUERY_PROJECTORS.map(({ projector }) => projector.name).reduce((a, b) =>
      b.length > a.length ? b : a,
    );
    const position = { commit: 2n ** 64n - 1n, prepare: 2n ** 64n - 1n };
    const full = {
      checkpoints: Array.from({ length: MAX_PER_NOTICE }, () => ({ name, position })),
      applied: Array.from({ length: MAX_PER_NOTICE }, () => ({ projector: name, position })),
    };
    expect(Buffer.byteLength(encodeNotice(full))).toBeLessThan(8000);
  });

  it('are ignored when this code did not write them', () => {
    expect(decodeNotice('not json')).toBeNull();
    expect(
      decodeNotice(
        JSON.stringify({
          c: [
            ['users', 'x:y'],
            [1, '1:1'],
          ],
          a: 'no',
        }),
      ),
    ).toEqual({ checkpoints: [], applied: [] });
  });
});
