import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { campfirePost, type ForumDriver, forumDriver, type Member } from './forum-testing';

/** Issue 26: the Campfire's sidebar shows a member's circle from the read models, and its recent posts. */
describe("a member's circle", () => {
  let backend: TestBackend;
  let forum: ForumDriver;
  let sam: Member;
  let alex: Member;

  beforeAll(async () => {
    backend = await backendForTest();
    forum = forumDriver(backend);
    // The same journey answers: the same archetype, so the same circle.
    [sam, alex] = [await forum.member('Sam'), await forum.member('Alex')];
  });
  afterAll(async () => {
    await backend.close();
  });

  it("counts his circle's members and their named posts today, never an anonymous one", async () => {
    const { primaryArchetype } = (await forum.get(sam, '/api/ai/profile').expect(200)).body;
    expect((await forum.get(sam, '/api/forum/circle').expect(200)).body).toEqual({
      archetype: primaryArchetype,
      members: 2,
      postsToday: 0,
    });

    await forum.post(sam, '/api/forum/posts', campfirePost({ title: 'Named in the circle' }));
    await forum.post(alex, '/api/forum/posts', campfirePost({ title: 'Anonymous in the circle', isAnonymous: true }));
    expect((await forum.get(alex, '/api/forum/circle').expect(200)).body).toEqual({
      archetype: primaryArchetype,
      members: 2,
      postsToday: 1,
    });
    expect((await forum.get(null, '/api/forum/circle')).status).toBe(401);
  });

  it("lists his circle's named posts as a page of the board, and asks a visitor to sign in", async () => {
    const page = (await forum.get(alex, '/api/forum/feed?board=campfire&circle=mine').expect(200)).body;
    expect(page.posts.map((post: { title: string }) => post.title)).toEqual(['Named in the circle']);
    expect(page.total).toBe(1);
    expect((await forum.get(null, '/api/forum/feed?board=campfire&circle=mine')).status).toBe(401);
    const bad = await forum.get(alex, '/api/forum/feed?circle=everyone');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['circle']);
  });
});
