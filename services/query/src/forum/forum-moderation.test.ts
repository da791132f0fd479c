import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { campfirePost, type ForumDriver, forumDriver, type Member } from './forum-testing';

/** Issue 26: reports that scale, Discourse's flags as the anchor. */
describe('forum moderation that scales', () => {
  let backend: TestBackend;
  let forum: ForumDriver;
  let author: Member;
  let reporters: Member[];
  let admin: Member;

  beforeAll(async () => {
    backend = await backendForTest();
    forum = forumDriver(backend);
    author = await forum.member('Sam');
    reporters = [await forum.member('Alex'), await forum.member('Ben'), await forum.member('Cal')];
    admin = await forum.admin();
  });
  afterAll(async () => {
    await backend.close();
  });

  const newPost = async (title: string) =>
    (await forum.post(author, '/api/forum/posts', campfirePost({ title }))).body.id as string;
  const report = (who: Member, postId: string, reason = 'This is not kind') =>
    forum.post(who, `/api/forum/posts/${postId}/report`, { reason });
  const queueFor = async (postId: string) =>
    (await forum.get(admin, '/api/admin/moderation/reports?status=all').expect(200)).body.filter(
      (r: { postId: string }) => r.postId === postId,
    );
  const boardTitles = async (who: Member) =>
    (await forum.get(who, '/api/forum/feed?board=campfire').expect(200)).body.posts.map(
      (p: { title: string }) => p.title,
    );

  it('keeps one report per member per post: the second is answered as the first and adds nothing to the queue', async () => {
    const postId = await newPost('Reported twice by one member');
    const first = await report(reporters[0], postId);
    const second = await report(reporters[0], postId, 'Still not kind');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await queueFor(postId)).toHaveLength(1);
  });

  it('hides a post reported by 3 different members until a moderator looks; its author sees it awaiting review', async () => {
    const postId = await newPost('Reported by three members');
    for (const who of reporters.slice(0, 2)) await report(who, postId);
    expect(await boardTitles(reporters[2])).toContain('Reported by three members');
    await report(reporters[2], postId);

    expect(await boardTitles(reporters[0])).not.toContain('Reported by three members');
    await forum.get(reporters[0], `/api/forum/posts/${postId}`).expect(404);
    await forum.get(null, `/api/forum/posts/${postId}`).expect(404);
    expect(
      (await forum.post(reporters[0], `/api/forum/posts/${postId}/replies`, { content: 'Replying to a held post.' }))
        .status,
    ).toBe(404);

    expect(await boardTitles(author)).toContain('Reported by three members');
    const own = (await forum.get(author, `/api/forum/posts/${postId}`).expect(200)).body.post;
    expect(own).toMatchObject({ awaitingReview: true, isOwn: true });
    expect(
      (await queueFor(postId)).map((r: { status: string; contentHidden: boolean }) => [r.status, r.contentHidden]),
    ).toEqual([
      ['open', true],
      ['open', true],
      ['open', true],
    ]);
  });

  it('records every moderator action with who and why; restoring a held post dismisses its reports', async () => {
    const postId = await newPost('Held, then restored');
    for (const who of reporters) await report(who, postId);
    const restored = await forum.post(admin, `/api/admin/moderation/posts/${postId}/restore`, {
      reason: 'A hard story, not abuse',
    });
    expect(restored.status).toBe(200);
    expect(await boardTitles(reporters[0])).toContain('Held, then restored');
    expect((await forum.get(author, `/api/forum/posts/${postId}`).expect(200)).body.post.awaitingReview).toBe(false);
    expect((await queueFor(postId)).map((r: { status: string }) => r.status)).toEqual([
      'dismissed',
      'dismissed',
      'dismissed',
    ]);

    await forum.post(admin, `/api/forum/posts/${postId}/pin`);
    const events = (await backend.allEvents()).filter((e) => (e.data as { postId?: string }).postId === postId);
    expect(events.map((e) => e.type)).toEqual([
      'PostCreated',
      'ContentReported',
      'ContentReported',
      'ContentReported',
      'PostHeldForReview',
      'PostRestored',
      'PostPinned',
    ]);
    expect(events.find((e) => e.type === 'PostRestored')!.data).toMatchObject({
      adminId: admin.id,
      reason: 'A hard story, not abuse',
    });
    expect(events.find((e) => e.type === 'PostPinned')!.data).toMatchObject({ adminId: admin.id, reason: '' });
  });

  it('refuses a reason longer than 500 characters with its message', async () => {
    const postId = await newPost('A reason too long');
    const response = await forum.post(admin, `/api/admin/moderation/posts/${postId}/hide`, { reason: 'x'.repeat(501) });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ reason: 'Please keep the reason under 500 characters' });
  });
});
