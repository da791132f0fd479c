import { DELETED_BY_AUTHOR } from '@reflections/contracts/forum-edits';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { campfirePost, type ForumDriver, forumDriver, type Member } from './forum-testing';

/** Issue 26: a member edits and deletes his own posts and replies. */
describe("a member's own edits and deletions", () => {
  let backend: TestBackend;
  let forum: ForumDriver;
  let sam: Member;
  let alex: Member;
  const crisisTexts: string[] = [];

  beforeAll(async () => {
    backend = await backendForTest({
      crisisCheck: async (text) => {
        crisisTexts.push(text);
        return text.includes('end it all');
      },
    });
    forum = forumDriver(backend);
    [sam, alex] = [await forum.member('Sam'), await forum.member('Alex')];
  });
  afterAll(async () => {
    await backend.close();
  });

  const newPost = async (overrides: Record<string, unknown> = {}) =>
    (await forum.post(sam, '/api/forum/posts', campfirePost(overrides))).body.id as string;
  const detail = async (postId: string, who: Member | null = alex) =>
    (await forum.get(who, `/api/forum/posts/${postId}`).expect(200)).body;

  it('edits a post with the board rules of a new one, marks it edited, and lets no one else', async () => {
    const postId = await newPost({ title: 'First words' });
    const edited = await forum.patch(sam, `/api/forum/posts/${postId}`, {
      title: 'Better words',
      content: 'What I meant to say, said more plainly.',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ id: postId, crisisResources: false });
    expect((await detail(postId)).post).toMatchObject({
      title: 'Better words',
      content: 'What I meant to say, said more plainly.',
      editedAt: expect.any(String),
      isDeleted: false,
    });
    expect((await forum.get(alex, '/api/forum/search?board=campfire&q=plainly').expect(200)).body.total).toBe(1);

    expect(
      (
        await forum.patch(alex, `/api/forum/posts/${postId}`, {
          title: 'Not his post',
          content: 'Someone else trying to change it.',
        })
      ).status,
    ).toBe(403);
    const tooShort = await forum.patch(sam, `/api/forum/posts/${postId}`, { title: 'Hi', content: 'Short' });
    expect(tooShort.status).toBe(400);
    expect(Object.keys(tooShort.body.fields).sort()).toEqual(['content', 'title']);
  });

  it('runs the crisis check on an edit and shows its author the crisis lines', async () => {
    const postId = await newPost();
    const edited = await forum.patch(sam, `/api/forum/posts/${postId}`, {
      title: 'Tonight',
      content: 'I think I want to end it all tonight.',
    });
    expect(edited.body.crisisResources).toBe(true);
    expect(crisisTexts).toContain('Tonight\nI think I want to end it all tonight.');
    const replyId = (
      await forum.post(alex, `/api/forum/posts/${postId}/replies`, { content: 'Brother, we are here with you.' })
    ).body.id;
    const reply = await forum.patch(alex, `/api/forum/posts/${postId}/replies/${replyId}`, {
      content: 'Some days I want to end it all too.',
    });
    expect(reply.body).toEqual({ id: replyId, crisisResources: true });
  });

  it('keeps a deleted post in place for its replies, "Deleted by its author", with no words and no author', async () => {
    const postId = await newPost({ title: 'Soon to be deleted' });
    await forum.post(alex, `/api/forum/posts/${postId}/replies`, { content: 'A reply that should stay.' });
    expect((await forum.del(alex, `/api/forum/posts/${postId}`)).status).toBe(403);
    expect((await forum.del(sam, `/api/forum/posts/${postId}`)).status).toBe(200);

    const shown = await detail(postId);
    expect(shown.post).toMatchObject({
      isDeleted: true,
      title: '',
      content: '',
      userId: null,
      userName: null,
      user: null,
    });
    expect(shown.replies.map((r: { content: string }) => r.content)).toEqual(['A reply that should stay.']);
    expect(JSON.stringify(shown)).not.toContain('Soon to be deleted');
    expect(
      (await forum.post(alex, `/api/forum/posts/${postId}/replies`, { content: 'Too late to reply now.' })).status,
    ).toBe(404);
    expect(DELETED_BY_AUTHOR).toBe('Deleted by its author');
  });

  it('drops a deleted post without replies from the board and its URL', async () => {
    const postId = await newPost({ title: 'Nobody answered this one' });
    await forum.del(sam, `/api/forum/posts/${postId}`);
    await forum.get(alex, `/api/forum/posts/${postId}`).expect(404);
    const titles = (await forum.get(alex, '/api/forum/feed?board=campfire').expect(200)).body.posts.map(
      (p: { id: string }) => p.id,
    );
    expect(titles).not.toContain(postId);
  });

  it("edits and deletes one's own reply only, the deleted one kept in place", async () => {
    const postId = await newPost();
    const replyId = (
      await forum.post(alex, `/api/forum/posts/${postId}/replies`, { content: 'A first reply from Alex.' })
    ).body.id;
    expect(
      (await forum.patch(sam, `/api/forum/posts/${postId}/replies/${replyId}`, { content: 'Sam trying to edit.' }))
        .status,
    ).toBe(403);
    await forum.patch(alex, `/api/forum/posts/${postId}/replies/${replyId}`, { content: 'A kinder first reply.' });
    expect((await detail(postId, sam)).replies[0]).toMatchObject({
      content: 'A kinder first reply.',
      editedAt: expect.any(String),
    });
    expect((await forum.del(alex, `/api/forum/posts/${postId}/replies/${replyId}`)).status).toBe(200);
    expect((await detail(postId, sam)).replies[0]).toMatchObject({
      isDeleted: true,
      content: '',
      userId: null,
      userName: null,
    });
  });
});
