import { PAGE_MESSAGES } from '@reflections/contracts/forum-paging';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { campfirePost, type ForumDriver, forumDriver, type Member, responderPost } from './forum-testing';

type Page = {
  posts: { id: string; title: string; userId: string | null; userName: string | null; isAnonymous: boolean }[];
  total: number;
  nextCursor: string | null;
};

/** Issue 26: full-text search within a board, titles weighted over words, paged like the lists. */
describe('forum search', () => {
  let backend: TestBackend;
  let forum: ForumDriver;
  let sam: Member;
  let zeb: Member;
  let admin: Member;

  beforeAll(async () => {
    backend = await backendForTest();
    forum = forumDriver(backend);
    [sam, zeb, admin] = [await forum.member('Sam'), await forum.member('Zebediah'), await forum.admin()];
    await forum.post(
      sam,
      '/api/forum/posts',
      campfirePost({
        title: 'Thinking about my father tonight',
        content: 'Some evenings the quiet gets loud and I miss him.',
      }),
    );
    await forum.post(
      sam,
      '/api/forum/posts',
      campfirePost({ title: 'Quiet evenings', content: 'My father used to sit on the porch with me after work.' }),
    );
    await forum.post(
      zeb,
      '/api/forum/posts',
      campfirePost({
        title: 'Being a father at forty',
        content: 'Nobody tells you how tired you will be, and how glad.',
        isAnonymous: true,
      }),
    );
    await forum.post(
      sam,
      '/api/forum/posts',
      responderPost({ title: 'Father and the night shift', content: 'Working nights means missing the school run.' }),
    );
    for (let i = 1; i <= 23; i += 1)
      await forum.post(
        sam,
        '/api/forum/posts',
        campfirePost({ title: `Campfire gathering ${i}`, content: 'We sat by the fire and talked about the week.' }),
      );
  });
  afterAll(async () => {
    await backend.close();
  });

  const search = async (query: string, who: Member | null = sam): Promise<Page> =>
    (await forum.get(who, `/api/forum/search?${query}`).expect(200)).body;

  it('finds posts by their words within one board, a title match first', async () => {
    const found = await search('board=campfire&q=father');
    expect(found.posts.map((p) => p.title)).toEqual([
      'Being a father at forty',
      'Thinking about my father tonight',
      'Quiet evenings',
    ]);
    expect(found.total).toBe(3);
    expect((await search('board=first-responders&q=father')).posts.map((p) => p.title)).toEqual([
      'Father and the night shift',
    ]);
  });

  it('finds an anonymous post without its author, and never by his name', async () => {
    const anonymous = (await search('board=campfire&q=forty')).posts;
    expect(anonymous).toEqual([
      expect.objectContaining({ title: 'Being a father at forty', isAnonymous: true, userId: null, userName: null }),
    ]);
    expect(JSON.stringify(anonymous)).not.toContain(zeb.id);
    expect((await search('board=campfire&q=Zebediah')).total).toBe(0);
  });

  it('never finds a hidden post, whoever searches', async () => {
    const [post] = (await search('board=campfire&q=porch')).posts;
    await forum.post(admin, `/api/admin/moderation/posts/${post.id}/hide`, { reason: 'Testing search' });
    for (const who of [sam, admin, null]) expect((await search('board=campfire&q=porch', who)).total).toBe(0);
  });

  it('pages its results 20 at a time, like the lists', async () => {
    const first = await search('board=campfire&q=campfire%20gathering');
    expect([first.posts.length, first.total]).toEqual([20, 23]);
    const second = await search(`board=campfire&q=campfire%20gathering&after=${first.nextCursor}`);
    expect(second.posts.length).toBe(3);
    expect(new Set([...first.posts, ...second.posts].map((p) => p.title)).size).toBe(23);
    expect(second.nextCursor).toBeNull();
  });

  it('asks for 2 to 100 characters, and takes any words without a 500', async () => {
    for (const q of ['', 'a', 'x'.repeat(101)]) {
      const response = await forum.get(sam, `/api/forum/search?board=campfire&q=${q}`);
      expect(response.status).toBe(400);
      expect(response.body.fields).toEqual({ q: PAGE_MESSAGES.search });
    }
    for (const q of ['"unclosed', 'or or or', '--', '!!(&|:*', 'the a an'])
      expect((await forum.get(sam, `/api/forum/search?board=campfire&q=${encodeURIComponent(q)}`)).status).toBe(200);
    await forum.get(null, '/api/forum/search?board=first-responders&q=father').expect(401);
  });
});
