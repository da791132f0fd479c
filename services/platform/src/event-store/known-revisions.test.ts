import { KnownRevisions } from './known-revisions';

describe('KnownRevisions', () => {
  it('remembers the last revision a stream was seen committed at, and never moves it back', () => {
    const known = new KnownRevisions();
    known.saw('forum-post-1', 3n);
    known.saw('forum-post-1', 2n);
    expect(known.of('forum-post-1')).toBe(3n);
    expect(known.of('forum-post-2')).toBeUndefined();
  });

  it('forgets a stream another process writes to, and does not learn it again', () => {
    const known = new KnownRevisions();
    known.saw('journal-1', 1n);
    known.writtenElsewhere('journal-1');
    known.saw('journal-1', 2n);
    expect(known.of('journal-1')).toBeUndefined();
  });

  it('forgets the least recently appended streams first once it is full', () => {
    const known = new KnownRevisions(3);
    known.saw('a', 0n);
    known.saw('b', 0n);
    known.saw('c', 0n);
    known.saw('a', 1n);
    known.saw('d', 0n);
    expect(known.of('b')).toBeUndefined();
    expect([known.of('a'), known.of('c'), known.of('d')]).toEqual([1n, 0n, 0n]);
  });

  it('keeps remembering new streams long after it first filled up', () => {
    const known = new KnownRevisions(100);
    for (let i = 0; i < 10_000; i++) known.saw(`forum-post-${i}`, 0n);
    expect(known.of('forum-post-9999')).toBe(0n);
    expect(known.of('forum-post-9900')).toBe(0n);
    expect(known.of('forum-post-9899')).toBeUndefined();
  });
});
