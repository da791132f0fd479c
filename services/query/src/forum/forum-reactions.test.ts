import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { campfirePost, type ForumDriver, forumDriver, type Member } from './forum-testing';

/** Issue 26: "I hear you", "Been there", "Strength": counts for all, who reacted for the author only. */
describe('forum support reactions', () => {
  let backend: TestBackend;
  let forum: ForumDriver;
  let sam: Member;
  let alex: Member;
  let ben: Member;
  let postId: string;
  let replyId: string;

  beforeAll(async () => {
    backend = await backendForTest();
    forum = forumDriver(backend);
    [sam, alex, ben] = [await forum.member('Sam'), await forum.member('Alex'), await forum.member('Ben')];
    postId = (await forum.post(sam, '/api/forum/posts', campfirePost())).body.id;
    replyId = (await forum.post(alex, `/api/forum/posts/${postId}/replies`, { content: 'I know that feeling well.' }))
      .body.id;
  });
  afterAll(async () => {
    await backend.close();
  });

  const reactions = async (who: Member) =>
    (await forum.get(who, `/api/forum/posts/${postId}`).expect(200)).body.reactions;

  it('counts one of each kind per member, a second the same appending nothing', async () => {
    expect((await forum.post(alex, `/api/forum/posts/${postId}/reactions`, { kind: 'strength' })).status).toBe(201);
    expect((await forum.post(alex, `/api/forum/posts/${postId}/reactions`, { kind: 'strength' })).status).toBe(201);
    await forum.post(alex, `/api/forum/posts/${postId}/reactions`, { kind: 'hear-you' });
    await forum.post(ben, `/api/forum/posts/${postId}/reactions`, { kind: 'strength', isAnonymous: true });
    await forum.post(sam, `/api/forum/posts/${postId}/replies/${replyId}/reactions`, { kind: 'been-there' });
    expect((await backend.allEvents()).filter((e) => e.type === 'ReactionGiven')).toHaveLength(4);

    const seenByBen = await reactions(ben);
    expect(seenByBen.post).toEqual({
      counts: { 'hear-you': 1, 'been-there': 0, strength: 2 },
      mine: ['strength'],
      reactors: null,
    });
    expect(seenByBen.replies[replyId]).toEqual({
      counts: { 'hear-you': 0, 'been-there': 1, strength: 0 },
      mine: [],
      reactors: null,
    });
  });

  it('shows the author who reacted, never a member who reacted anonymously', async () => {
    const seenBySam = await reactions(sam);
    expect(seenBySam.post.reactors).toEqual([
      { kind: 'strength', name: 'Alex' },
      { kind: 'hear-you', name: 'Alex' },
    ]);
    expect(JSON.stringify(seenBySam)).not.toContain('Ben');
    expect((await reactions(alex)).replies[replyId].reactors).toEqual([{ kind: 'been-there', name: 'Sam' }]);
  });

  it('withdraws a reaction, and refuses a kind it does not know', async () => {
    expect((await forum.del(alex, `/api/forum/posts/${postId}/reactions/strength`)).status).toBe(200);
    expect((await reactions(ben)).post.counts.strength).toBe(1);
    expect((await forum.del(alex, `/api/forum/posts/${postId}/reactions/like`)).status).toBe(400);
    expect((await forum.post(alex, `/api/forum/posts/${postId}/reactions`, { kind: 'like' })).status).toBe(400);
  });
});
