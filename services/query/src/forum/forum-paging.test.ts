import { FORUM_PAGE_SIZE, PAGE_MESSAGES } from '@reflections/contracts/forum-paging';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { campfirePost, type ForumDriver, forumDriver, type Member } from './forum-testing';

type Page = { posts: { id: string; title: string; isPinned: boolean }[]; total: number; nextCursor: string | null };

/** Issue 26: a board is read 20 posts at a time, back to its first post, with the total shown. */
describe('forum paging', () => {
  let backend: TestBackend;
  let forum: ForumDriver;
  let sam: Member;
  let admin: Member;
  const titles: string[] = [];

  beforeAll(async () => {
    backend = await backendForTest();
    forum = forumDriver(backend);
    [sam, admin] = [await forum.member('Sam'), await forum.admin()];
    for (let i = 1; i <= 45; i += 1) {
      const title = `Evening number ${i}`;
      titles.push(title);
      await forum
        .post(sam, '/api/forum/posts', campfirePost({ title, categoryId: i % 2 === 0 ? 2 : 3 }))
        .then((r) => expect(r.status).toBe(201));
    }
  });
  afterAll(async () => {
    await backend.close();
  });

  const page = async (query: string, who: Member | null = sam): Promise<Page> =>
    (await forum.get(who, `/api/forum/feed?${query}`).expect(200)).body;

  async function everyPage(query: string, between: () => Promise<void> = async () => {}): Promise<Page[]> {
    const pages = [await page(query)];
    while (pages[pages.length - 1].nextCursor) {
      await between();
      pages.push(await page(`${query}&after=${encodeURIComponent(pages[pages.length - 1].nextCursor!)}`));
    }
    return pages;
  }

  it('walks the whole board newest first, 20 at a time, with the total on every page', async () => {
    const pages = await everyPage('board=campfire');
    expect(pages.map((p) => p.posts.length)).toEqual([FORUM_PAGE_SIZE, FORUM_PAGE_SIZE, 5]);
    expect(pages.every((p) => p.total === 45)).toBe(true);
    expect(pages.flatMap((p) => p.posts.map((post) => post.title))).toEqual([...titles].reverse());
    expect(pages[2].nextCursor).toBeNull();
  });

  it('reads a category to its end, and the older array answer still holds the first 100', async () => {
    const pages = await everyPage('board=campfire&categoryId=3');
    expect(pages.map((p) => p.posts.length)).toEqual([20, 3]);
    expect(pages[0].total).toBe(23);
    expect((await forum.get(sam, '/api/forum/posts?board=campfire').expect(200)).body).toHaveLength(45);
  });

  it('neither repeats nor skips a post when new ones arrive between pages, and keeps pinned posts first', async () => {
    const oldest = (await everyPage('board=campfire')).flatMap((p) => p.posts).pop()!;
    await forum.post(admin, `/api/forum/posts/${oldest.id}/pin`);
    let added = 0;
    const pages = await everyPage('board=campfire&categoryId=2', async () => {
      added += 1;
      await forum.post(sam, '/api/forum/posts', campfirePost({ title: `Arrived meanwhile ${added}`, categoryId: 2 }));
    });
    const seen = pages.flatMap((p) => p.posts.map((post) => post.title));
    expect(seen).toEqual(titles.filter((_, i) => (i + 1) % 2 === 0).reverse());
    const board = (await page('board=campfire')).posts;
    expect(board[0]).toMatchObject({ id: oldest.id, isPinned: true });
  });

  it('refuses a cursor that is not a post id with a 400 naming the field, and answers an unknown id with an empty page', async () => {
    for (const after of ['nonsense', '1_2026-02-31T00:00:00.000Z', 'x'.repeat(500)]) {
      const response = await forum.get(sam, `/api/forum/feed?board=campfire&after=${encodeURIComponent(after)}`);
      expect(response.status).toBe(400);
      expect(response.body.fields).toEqual({ after: PAGE_MESSAGES.cursor });
    }
    expect(await page('board=campfire&after=00000000-0000-4000-8000-000000000000')).toEqual({
      posts: [],
      total: expect.any(Number),
      nextCursor: null,
    });
  });

  it("names only a post's id in the cursor, never its time", async () => {
    const first = await page('board=campfire');
    expect(first.nextCursor).toBe(first.posts[first.posts.length - 1].id);
  });

  it('keeps the first-responder board from a visitor, and shows a visitor the Campfire board', async () => {
    await forum.get(null, '/api/forum/feed?board=first-responders').expect(401);
    expect((await page('', null)).total).toBeGreaterThanOrEqual(45);
  });

  it("keeps every viewer's total true read after read, as posts arrive, are held by reports, hidden and restored", async () => {
    const totals = async () => {
      // In turn: a visitor's read does not wait for the last write, so the member's goes first.
      const readAll = async () => {
        const read: number[] = [];
        for (const who of [sam, admin, null]) read.push((await page('board=campfire', who)).total);
        return read;
      };
      const first = await readAll();
      // The second round finds the counts kept from the first.
      expect(await readAll()).toEqual(first);
      return { author: first[0], admin: first[1], visitor: first[2] };
    };
    const before = await totals();
    const { id } = (await forum.post(sam, '/api/forum/posts', campfirePost({ title: 'Counted once' }))).body;
    expect(await totals()).toEqual({ author: before.author + 1, admin: before.admin + 1, visitor: before.visitor + 1 });

    for (const name of ['Ro', 'Ty', 'Vi']) {
      const reporter = await forum.member(name);
      await forum
        .post(reporter, `/api/forum/posts/${id}/report`, { reason: 'Not kind' })
        .then((r) => expect(r.status).toBe(201));
    }
    // Held for review: its author and the admin still count it, a visitor does not.
    expect(await totals()).toEqual({ author: before.author + 1, admin: before.admin + 1, visitor: before.visitor });

    await forum.post(admin, `/api/admin/moderation/posts/${id}/restore`, {}).then((r) => expect(r.status).toBe(200));
    expect(await totals()).toEqual({ author: before.author + 1, admin: before.admin + 1, visitor: before.visitor + 1 });

    await forum.post(admin, `/api/admin/moderation/posts/${id}/hide`, {}).then((r) => expect(r.status).toBe(200));
    expect(await totals()).toEqual({ author: before.author, admin: before.admin + 1, visitor: before.visitor });
  });
});
