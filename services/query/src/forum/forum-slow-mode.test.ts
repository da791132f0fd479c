import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { campfirePost, type ForumDriver, forumDriver, type Member, responderPost } from './forum-testing';

const SLOW_MODE = '/api/admin/moderation/boards/campfire/slow-mode';
const REFUSAL = /^Slow mode is on in this board: you can post again in (1 hour|\d+ minutes)\.$/;

/** Issue 26: a moderator slows a board; a member's new posts there are spaced, moderators are not. */
describe('slow mode on a board', () => {
  let backend: TestBackend;
  let forum: ForumDriver;
  let sam: Member;
  let alex: Member;
  let admin: Member;

  beforeAll(async () => {
    backend = await backendForTest();
    forum = forumDriver(backend);
    sam = await forum.member('Sam');
    alex = await forum.member('Alex');
    admin = await forum.admin('Ada');
  });
  afterAll(async () => {
    await backend.close();
  });

  const slowModeOf = async (who: Member | null) =>
    Object.fromEntries(
      (await forum.get(who, '/api/forum/slow-mode').expect(200)).body.map((b: { board: string; seconds: number }) => [
        b.board,
        b.seconds,
      ]),
    );
  const boardTitles = async (who: Member) =>
    (await forum.get(who, '/api/forum/feed?board=campfire').expect(200)).body.posts.map(
      (p: { title: string }) => p.title,
    );

  it('is off on both boards until a moderator sets it', async () => {
    expect(await slowModeOf(null)).toEqual({ campfire: 0, 'first-responders': 0 });
  });

  it('refuses a member, bad choices and a missing reason, naming the field', async () => {
    expect((await forum.put(sam, SLOW_MODE, { seconds: 30, reason: 'Because' })).status).toBe(403);
    expect((await forum.put(null, SLOW_MODE, { seconds: 30, reason: 'Because' })).status).toBe(401);
    const odd = await forum.put(admin, SLOW_MODE, { seconds: 45, reason: 'Because' });
    expect(odd.status).toBe(400);
    expect(odd.body.fields.seconds).toMatch(/Choose off, 10 seconds/);
    const why = await forum.put(admin, SLOW_MODE, { seconds: 30, reason: '  ' });
    expect(why.status).toBe(400);
    expect(why.body.fields.reason).toMatch(/say briefly why/);
    const board = await forum.put(admin, '/api/admin/moderation/boards/lounge/slow-mode', {
      seconds: 30,
      reason: 'Because',
    });
    expect(board.status).toBe(400);
    expect(board.body.fields.board).toBeDefined();
    expect(await slowModeOf(null)).toEqual({ campfire: 0, 'first-responders': 0 });
  });

  it('is set with a reason the moderators read back with who and when; members see only the length', async () => {
    const set = await forum.put(admin, SLOW_MODE, { seconds: 3600, reason: 'A heated evening' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ board: 'campfire', seconds: 3600, changed: true });
    expect((await forum.put(admin, SLOW_MODE, { seconds: 3600, reason: 'Again' })).body.changed).toBe(false);

    expect(await slowModeOf(sam)).toEqual({ campfire: 3600, 'first-responders': 0 });
    const forModerators = (await forum.get(admin, '/api/admin/moderation/slow-mode').expect(200)).body;
    expect(forModerators).toContainEqual({
      board: 'campfire',
      seconds: 3600,
      reason: 'A heated evening',
      setAt: expect.any(String),
      setByName: 'Ada',
    });
    await forum.get(sam, '/api/admin/moderation/slow-mode').expect(403);
  });

  it("refuses a member's second post within the slow mode, saying when he can post; replies and the other board are not slowed", async () => {
    const first = await forum.post(sam, '/api/forum/posts', campfirePost({ title: 'First under slow mode' }));
    expect(first.status).toBe(201);
    const second = await forum.post(sam, '/api/forum/posts', campfirePost({ title: 'Second too soon' }));
    expect(second.status).toBe(429);
    expect(second.body.error).toMatch(/^Slow mode is on in this board: you can post again in 1 hour\.$/);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(3500);

    expect(await boardTitles(alex)).toContain('First under slow mode');
    expect(await boardTitles(alex)).not.toContain('Second too soon');
    expect(
      (await forum.post(sam, `/api/forum/posts/${first.body.id}/replies`, { content: 'Replying is never slowed.' }))
        .status,
    ).toBe(201);
    expect((await forum.post(sam, '/api/forum/posts', responderPost())).status).toBe(201);
  });

  it('lets one of several posts sent at the same moment through', async () => {
    const sent = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => forum.post(alex, '/api/forum/posts', campfirePost({ title: `At once ${n}` }))),
    );
    expect(sent.map((response) => response.status).sort()).toEqual([201, 429, 429, 429, 429]);
    for (const refused of sent.filter((response) => response.status === 429))
      expect(refused.body.error).toMatch(REFUSAL);
  });

  it('does not slow moderators', async () => {
    for (const title of ['Moderator note one', 'Moderator note two'])
      expect((await forum.post(admin, '/api/forum/posts', campfirePost({ title }))).status).toBe(201);
  });

  it('once turned off, lets a member post at once', async () => {
    expect((await forum.put(admin, SLOW_MODE, { seconds: 0, reason: 'Calm again' })).body.changed).toBe(true);
    expect(await slowModeOf(sam)).toEqual({ campfire: 0, 'first-responders': 0 });
    expect((await forum.post(sam, '/api/forum/posts', campfirePost({ title: 'After slow mode' }))).status).toBe(201);
  });
});
