import { BatchPacing } from './batch-pacing';

describe('batch pacing of live projectors', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    return done;
  };

  it('rests after a small batch, forty times as long as the batch took, at most 200 ms', async () => {
    const pacing = new BatchPacing();
    const rest = pacing.rest(3, 2);
    expect(await settled(rest)).toBe(false);
    jest.advanceTimersByTime(79);
    expect(await settled(rest)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await settled(rest)).toBe(true);
    const long = pacing.rest(3, 100);
    jest.advanceTimersByTime(199);
    expect(await settled(long)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await settled(long)).toBe(true);
  });

  it('does not rest after a large batch: the projector is catching up', async () => {
    expect(await settled(new BatchPacing().rest(500, 40))).toBe(true);
  });

  it('rests after a batch of a hundred from a page that reached the log head, not from a full page', async () => {
    const pacing = new BatchPacing();
    const atHead = pacing.rest(100, 2, 'forum', true);
    expect(await settled(atHead)).toBe(false);
    jest.advanceTimersByTime(80);
    expect(await settled(atHead)).toBe(true);
    expect(await settled(pacing.rest(100, 2, 'forum', false))).toBe(true);
    expect(await settled(pacing.rest(256, 2, 'forum', true))).toBe(true);
  });

  it('rests 50 ms after a batch with nothing for the projector, and not at all while a reader waits', async () => {
    const pacing = new BatchPacing();
    const rest = pacing.restIdle();
    jest.advanceTimersByTime(49);
    expect(await settled(rest)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await settled(rest)).toBe(true);
    const interrupted = pacing.restIdle();
    const done = pacing.readerWaits();
    expect(await settled(interrupted)).toBe(true);
    expect(await settled(pacing.restIdle())).toBe(true);
    done();
  });

  it('ends every rest as soon as a reader waits for its own writes, and rests no more while it waits', async () => {
    const pacing = new BatchPacing();
    const resting = [pacing.rest(1, 5), pacing.rest(2, 5)];
    const done = pacing.readerWaits();
    expect(await Promise.all(resting.map(settled))).toEqual([true, true]);
    expect(await settled(pacing.rest(1, 5))).toBe(true);
    done();
    expect(await settled(pacing.rest(1, 5))).toBe(false);
  });

  it('ends only the rests of the projectors a reader waits for: the others rest on, out of their way', async () => {
    const pacing = new BatchPacing();
    const users = pacing.restIdle('users');
    const forum = pacing.restIdle('forum');
    const done = pacing.readerWaits(['users']);
    expect(await settled(users)).toBe(true);
    expect(await settled(forum)).toBe(false);
    expect(await settled(pacing.rest(1, 5, 'users'))).toBe(true);
    expect(await settled(pacing.rest(1, 5, 'forum'))).toBe(false);
    done();
    expect(await settled(pacing.restIdle('users'))).toBe(false);
    jest.advanceTimersByTime(200);
    expect(await settled(forum)).toBe(true);
  });
});
