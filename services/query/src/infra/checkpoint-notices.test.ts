import { decodeNotice, encodeNotice } from './checkpoint-notices';

describe('checkpoint notices on PostgreSQL NOTIFY', () => {
  it('carry checkpoints and applied batches with their 64-bit positions intact', () => {
    const position = { commit: 9_007_199_254_740_993n, prepare: 7n };
    const notice = { checkpoints: [{ name: 'users', position }], applied: [{ projector: 'forum', position }] };
    expect(decodeNotice(encodeNotice(notice))).toEqual(notice);
  });

  it('are ignored when this code did not write them', () => {
    expect(decodeNotice('not json')).toBeNull();
    expect(decodeNotice(JSON.stringify({ c: [['users', 'x:y'], [1, '1:1']], a: 'no' }))).toEqual({ checkpoints: [], applied: [] });
  });
});
