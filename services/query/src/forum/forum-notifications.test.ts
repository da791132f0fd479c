import { parsePosition } from '@reflections/contracts/position';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { openLiveStream } from '@reflections/testing/live-stream';
import { MAX_STREAMS_PER_MEMBER } from './forum-live-hub';
import { campfirePost, type ForumDriver, forumDriver, type Member } from './forum-testing';

/** Opens a member's forum stream (or a visitor's, without a cookie). */
const openLive = (backend: TestBackend, who: Member | null) =>
  openLiveStream(`${backend.queryUrl}/api/forum/live`, who ? { cookie: who.cookie } : {});

/** Issue 26: replies to a member's posts, and to threads he replied in, reach him. */
describe('forum notifications', () => {
  let backend: TestBackend;
  let forum: ForumDriver;
  let sam: Member;
  let alex: Member;
  let jo: Member;
  let admin: Member;

  beforeAll(async () => {
    backend = await backendForTest();
    forum = forumDriver(backend);
    [sam, alex, jo, admin] = [
      await forum.member('Sam'),
      await forum.member('Alex'),
      await forum.member('Jo'),
      await forum.admin(),
    ];
  });
  afterAll(async () => {
    await backend.close();
  });

  const notificationsOf = async (who: Member) => (await forum.get(who, '/api/forum/notifications').expect(200)).body;
  const newPost = async (who: Member, overrides: Record<string, unknown> = {}) =>
    (await forum.post(who, '/api/forum/posts', campfirePost(overrides))).body.id as string;
  const reply = async (who: Member, postId: string, isAnonymous = false) =>
    (
      await forum.post(who, `/api/forum/posts/${postId}/replies`, {
        content: `A reply from ${isAnonymous ? 'someone' : who.firstName}, with care.`,
        isAnonymous,
      })
    ).body.id as string;

  it("tells a post's author and the thread's earlier repliers of a reply, never its own writer, and names no anonymous replier", async () => {
    const postId = await newPost(sam, { title: 'Who do you call at 3am' });
    const before = { sam: (await notificationsOf(sam)).unread, alex: (await notificationsOf(alex)).unread };
    const alexReply = await reply(alex, postId);
    const joReply = await reply(jo, postId, true);

    const forSam = await notificationsOf(sam);
    expect(forSam.unread).toBe(before.sam + 2);
    expect(forSam.notifications.slice(0, 2)).toEqual([
      expect.objectContaining({
        id: joReply,
        postId,
        board: 'campfire',
        postTitle: 'Who do you call at 3am',
        kind: 'reply-to-your-post',
        replierName: null,
        read: false,
      }),
      expect.objectContaining({ id: alexReply, postId, kind: 'reply-to-your-post', replierName: 'Alex', read: false }),
    ]);
    const forAlex = await notificationsOf(alex);
    expect(forAlex.unread).toBe(before.alex + 1);
    expect(forAlex.notifications[0]).toEqual(
      expect.objectContaining({ id: joReply, kind: 'reply-in-your-thread', replierName: null }),
    );
    expect(JSON.stringify([forSam, forAlex])).not.toContain(jo.id);
    expect((await notificationsOf(jo)).notifications.map((n: { postId: string }) => n.postId)).not.toContain(postId);
  });

  it('marks one notification read, then all of them, and refuses a bad id and a signed-out caller', async () => {
    const postId = await newPost(sam);
    const first = await reply(alex, postId);
    await reply(jo, postId);
    const unread = (await notificationsOf(sam)).unread;
    expect((await forum.post(sam, '/api/forum/notifications/read', { notificationId: first })).status).toBe(200);
    const afterOne = await notificationsOf(sam);
    expect(afterOne.unread).toBe(unread - 1);
    expect(afterOne.notifications.find((n: { id: string }) => n.id === first).read).toBe(true);

    expect((await forum.post(sam, '/api/forum/notifications/read', {})).status).toBe(200);
    expect((await notificationsOf(sam)).unread).toBe(0);

    const bad = await forum.post(sam, '/api/forum/notifications/read', { notificationId: 'not-an-id' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['notificationId']);
    expect((await forum.post(null, '/api/forum/notifications/read', {})).status).toBe(401);
    expect((await forum.get(null, '/api/forum/notifications')).status).toBe(401);
  });

  it('tells a member who joined a thread late only of the replies written after his first', async () => {
    const postId = await newPost(sam);
    const early = await reply(alex, postId);
    await reply(jo, postId);
    const later = await reply(alex, postId);
    const forJo = (await notificationsOf(jo)).notifications.filter((n: { postId: string }) => n.postId === postId);
    expect(forJo.map((n: { id: string }) => n.id)).toEqual([later]);
    const forSam = (await notificationsOf(sam)).notifications.filter((n: { postId: string }) => n.postId === postId);
    expect(forSam).toHaveLength(3);
    expect(forSam.map((n: { id: string }) => n.id)).toContain(early);
  });

  it('leaves a reply written after "mark all as read" unread, and marks a later one read alone', async () => {
    const postId = await newPost(sam);
    const first = await reply(alex, postId);
    expect((await forum.post(sam, '/api/forum/notifications/read', {})).status).toBe(200);
    const second = await reply(jo, postId);
    const third = await reply(alex, postId);
    expect((await forum.post(sam, '/api/forum/notifications/read', { notificationId: third })).status).toBe(200);
    const forSam = await notificationsOf(sam);
    expect(forSam.unread).toBe(1);
    expect(
      forSam.notifications
        .filter((n: { postId: string }) => n.postId === postId)
        .map((n: { id: string; read: boolean }) => [n.id, n.read]),
    ).toEqual([
      [third, true],
      [second, false],
      [first, true],
    ]);
  });

  it("drops a hidden post's replies from the list and the count until a moderator restores it", async () => {
    await forum.post(sam, '/api/forum/notifications/read', {});
    const postId = await newPost(sam);
    await reply(alex, postId);
    expect((await notificationsOf(sam)).unread).toBe(1);
    await forum.post(admin, `/api/admin/moderation/posts/${postId}/hide`, { reason: 'Off topic' });
    const hidden = await notificationsOf(sam);
    expect(hidden.unread).toBe(0);
    expect(hidden.notifications.map((n: { postId: string }) => n.postId)).not.toContain(postId);
    await forum.post(admin, `/api/admin/moderation/posts/${postId}/restore`, { reason: 'On reflection, fine' });
    expect((await notificationsOf(sam)).unread).toBe(1);
  });

  it('streams his unread count and which posts changed, naming no one, to a signed-in member only', async () => {
    expect((await openLive(backend, null)).response.status).toBe(401);
    await forum.post(sam, '/api/forum/notifications/read', {});
    const postId = await newPost(sam, { isAnonymous: true });
    await backend.runtime.waitFor(
      parsePosition((await forum.post(sam, '/api/forum/notifications/read', {})).headers['x-position'])!,
      5000,
    );

    const live = await openLive(backend, sam);
    expect(live.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect((await live.next((frame) => frame.event === 'notifications')).data).toEqual({ unread: 0 });

    await reply(jo, postId, true);
    const change = await live.next((frame) => frame.event === 'forum' && frame.data.postId === postId);
    expect(change.data).toEqual({
      kind: 'replied',
      board: 'campfire',
      categoryId: 1,
      category: 'inner-reflection',
      postId,
    });
    expect(parsePosition(change.id)).not.toBeNull();
    expect((await live.next((frame) => frame.event === 'notifications' && frame.data.unread === 1)).data).toEqual({
      unread: 1,
    });

    await forum.patch(sam, `/api/forum/posts/${postId}`, {
      title: 'Edited title here',
      content: 'Edited words, said more plainly than before.',
    });
    expect((await live.next((frame) => frame.data.kind === 'edited')).data).toEqual({
      kind: 'edited',
      board: 'campfire',
      categoryId: 1,
      category: 'inner-reflection',
      postId,
    });
    const everything = live.frames.map((frame) => frame.text).join('\n');
    expect(everything).not.toContain(jo.id);
    expect(everything).not.toContain(sam.id);
    live.close();
  });

  it(`lets a member hold at most ${MAX_STREAMS_PER_MEMBER} streams at once`, async () => {
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i += 1) open.push(await openLive(backend, alex));
    await Promise.all(open.map((live) => live.next((frame) => frame.event === 'notifications')));
    const oneMore = await openLive(backend, alex);
    expect(oneMore.response.status).toBe(429);
    open[0].close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await openLive(backend, alex);
    expect(again.response.status).toBe(200);
    for (const live of [...open, again]) live.close();
  });
});
