import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { campfirePost, type ForumDriver, forumDriver, type Member } from './forum-testing';

/** The forum as wired in production: the RAI crisis module's local classifier reads every post and reply. */
describe('forum with the RAI crisis detector', () => {
  let backend: TestBackend;
  let forum: ForumDriver;
  let sam: Member;
  beforeAll(async () => {
    backend = await backendForTest();
    forum = forumDriver(backend);
    sam = await forum.member('Sam');
  });
  afterAll(async () => {
    await backend.close();
  });

  it('shows crisis resources for crisis language and not for an ordinary post', async () => {
    const ordinary = await forum.post(sam, '/api/forum/posts', campfirePost());
    expect(ordinary.body.crisisResources).toBe(false);
    const crisis = await forum.post(
      sam,
      '/api/forum/posts',
      campfirePost({ content: 'I have been thinking about ending my life. I do not see a way out anymore.' }),
    );
    expect(crisis.status).toBe(201);
    expect(crisis.body.crisisResources).toBe(true);
    const reply = await forum.post(sam, `/api/forum/posts/${ordinary.body.id}/replies`, {
      content: 'Honestly I just want to kill myself tonight.',
    });
    expect(reply.body.crisisResources).toBe(true);
    const shown = (await backend.allEvents()).filter((e) => e.type === 'CrisisResourcesShown');
    expect(shown.map((e) => e.data)).toEqual([
      { where: 'forum', shownAt: expect.any(String) },
      { where: 'forum', shownAt: expect.any(String) },
    ]);
  });
});
