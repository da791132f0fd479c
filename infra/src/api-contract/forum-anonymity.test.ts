import { forumRoutes as forumCommandRoutes } from '@reflections/command/forum/forum-routes';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import {
  campfirePost,
  type ForumDriver,
  forumDriver,
  type Member,
  responderPost,
} from '@reflections/query/forum/forum-testing';
import { forumRoutes as forumQueryRoutes } from '@reflections/query/forum/forum-routes';

/**
 * Anonymity is a promise the server keeps. Every forum route, read from the routers'
 * own route tables (so a route added later is covered or fails this test), is called
 * by a signed-out visitor, a member and an admin, and no answer may name the author of
 * anonymous content: not their id, not their name, not their archetype.
 */
describe('anonymity across every forum endpoint', () => {
  let backend: TestBackend;
  let forum: ForumDriver;
  let author: Member;
  let alex: Member;
  let admin: Member;
  const ids: Record<string, string> = {};

  const routesOf = (router: { stack: { path: string | RegExp; methods: string[] }[] }) =>
    router.stack.flatMap((layer) =>
      layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path) })),
    );
  const queryRoutes = routesOf(forumQueryRoutes(null as never));
  const commandRoutes = routesOf(
    forumCommandRoutes(null as never, {
      crisisCheck: async () => false,
      roles: { member: async () => undefined, admin: async () => undefined },
      findUser: async () => null,
      boardSettings: null as never,
    }),
  );

  beforeAll(async () => {
    backend = await backendForTest();
    forum = forumDriver(backend);
    author = await forum.member('Zebediah');
    alex = await forum.member('Alex');
    admin = await forum.admin();
    ids.campfirePost = (await forum.post(author, '/api/forum/posts', campfirePost({ isAnonymous: true }))).body.id;
    ids.responderPost = (await forum.post(author, '/api/forum/posts', responderPost({ isAnonymous: true }))).body.id;
    ids.openPost = (await forum.post(alex, '/api/forum/posts', campfirePost({ title: 'Open post by Alex' }))).body.id;
    ids.reply = (
      await forum.post(author, `/api/forum/posts/${ids.openPost}/replies`, {
        content: 'An anonymous reply, long enough.',
        isAnonymous: true,
      })
    ).body.id;
    await forum.post(author, `/api/forum/posts/${ids.campfirePost}/replies`, {
      content: 'The author answers himself.',
      isAnonymous: true,
    });
    ids.postReport = (
      await forum.post(alex, `/api/forum/posts/${ids.campfirePost}/report`, { reason: 'Checking the queue' })
    ).body.reportId;
    ids.replyReport = (
      await forum.post(alex, `/api/forum/posts/${ids.openPost}/replies/${ids.reply}/report`, {
        reason: 'Checking the queue',
      })
    ).body.reportId;
    // Alex wrote the open post, so he is shown who reacted to it: never the anonymous author.
    await forum.post(author, `/api/forum/posts/${ids.openPost}/reactions`, { kind: 'strength', isAnonymous: true });
  });
  afterAll(async () => {
    await backend.close();
  });

  /** Each path parameter, and the anonymous content it is filled with. */
  const fill = (path: string): string[] => {
    const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const unknown = params.filter((p) => !['postId', 'replyId', 'reportId', 'kind'].includes(p));
    if (unknown.length > 0)
      throw new Error(`the anonymity test does not know how to fill :${unknown.join(', :')} in ${path}`);
    const posts = params.includes('replyId') ? [ids.openPost] : [ids.campfirePost, ids.responderPost, ids.openPost];
    return posts.map((postId) =>
      path
        .replace(':postId', postId)
        .replace(':replyId', ids.reply)
        .replace(':reportId', ids.postReport)
        .replace(':kind', 'strength'),
    );
  };

  const QUERY_STRINGS: Record<string, string[]> = {
    '/api/forum/posts': [
      '',
      '?board=campfire',
      '?board=first-responders',
      '?category=all',
      '?category=sleep-disorders',
      '?categoryId=1',
    ],
    '/api/forum/feed': ['', '?board=campfire', '?board=first-responders', '?category=sleep-disorders', '?categoryId=1'],
    '/api/forum/search': ['?q=struggling', '?board=campfire&q=help', '?board=first-responders&q=night', '?q=Zebediah'],
    '/api/admin/moderation/reports': ['', '?status=all', '?status=actioned'],
  };

  /** A body for every writing route; a new route without one fails here, so it gets checked. */
  const BODIES: Record<string, unknown> = {
    'POST /api/forum/posts': campfirePost(),
    'POST /api/forum/posts/:postId/replies': { content: 'A reply from someone else.' },
    'POST /api/forum/posts/:postId/report': { reason: 'Another report' },
    'POST /api/forum/posts/:postId/replies/:replyId/report': { reason: 'Another report' },
    'POST /api/forum/posts/:postId/pin': {},
    'DELETE /api/forum/posts/:postId/pin': {},
    'POST /api/admin/moderation/posts/:postId/hide': {},
    'POST /api/admin/moderation/posts/:postId/restore': {},
    'POST /api/admin/moderation/posts/:postId/replies/:replyId/hide': {},
    'POST /api/admin/moderation/posts/:postId/replies/:replyId/restore': {},
    'POST /api/admin/moderation/posts/:postId/reports/:reportId/dismiss': {},
    'PATCH /api/forum/posts/:postId': { title: 'An edited title', content: 'Edited words, long enough to keep.' },
    'DELETE /api/forum/posts/:postId': {},
    'PATCH /api/forum/posts/:postId/replies/:replyId': { content: 'An edited reply, long enough.' },
    'DELETE /api/forum/posts/:postId/replies/:replyId': {},
    'POST /api/forum/posts/:postId/reactions': { kind: 'hear-you' },
    'POST /api/forum/posts/:postId/replies/:replyId/reactions': { kind: 'been-there' },
    'DELETE /api/forum/posts/:postId/reactions/:kind': {},
    'DELETE /api/forum/posts/:postId/replies/:replyId/reactions/:kind': {},
  };

  const anonymousLeaks = (body: unknown): string[] => {
    const leaks: string[] = [];
    const text = JSON.stringify(body);
    if (text.includes(author.id)) leaks.push('author id');
    if (text.includes('Zebediah')) leaks.push('author name');
    const visit = (value: unknown) => {
      if (Array.isArray(value)) return value.forEach(visit);
      if (typeof value !== 'object' || value === null) return;
      const record = value as Record<string, unknown>;
      if (record.isAnonymous === true) {
        for (const field of ['userId', 'userName', 'user', 'userArchetype', 'authorId'])
          if (field in record && record[field] !== null) leaks.push(`${field} of anonymous content`);
      }
      Object.values(record).forEach(visit);
    };
    visit(body);
    return leaks;
  };

  it('reads the route tables', () => {
    expect(queryRoutes.length).toBeGreaterThanOrEqual(6);
    expect(commandRoutes.length).toBeGreaterThanOrEqual(11);
  });

  it('no read reveals the author of anonymous content, to a visitor, a member or an admin', async () => {
    let checked = 0;
    for (const route of queryRoutes) {
      for (const path of fill(route.path)) {
        for (const query of QUERY_STRINGS[route.path] ?? ['']) {
          for (const viewer of [null, alex, admin]) {
            const response = await forum.get(viewer, path + query);
            expect({
              path: path + query,
              viewer: viewer?.firstName ?? 'visitor',
              leaks: anonymousLeaks(response.body),
            }).toEqual({ path: path + query, viewer: viewer?.firstName ?? 'visitor', leaks: [] });
            if (response.status === 200) checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('the anonymous content is really there: the admin queue and the lists hold it', async () => {
    const queue = (await forum.get(admin, '/api/admin/moderation/reports?status=all').expect(200)).body;
    expect(queue.map((r: { reportId: string; authorName: string }) => [r.reportId, r.authorName])).toEqual(
      expect.arrayContaining([
        [ids.postReport, 'Anonymous'],
        [ids.replyReport, 'Anonymous'],
      ]),
    );
    const open = (await forum.get(alex, `/api/forum/posts/${ids.openPost}`).expect(200)).body;
    expect(open.post.lastReplyUserId).toBeNull();
    expect(open.replies[0]).toMatchObject({
      isAnonymous: true,
      userId: null,
      user: null,
      userName: null,
      userArchetype: null,
    });
  });

  it('the author sees his anonymous post as his own, still without his name on it', async () => {
    const mine = (await forum.get(author, `/api/forum/posts/${ids.campfirePost}`).expect(200)).body;
    expect(mine.post).toMatchObject({
      isOwn: true,
      isAnonymous: true,
      userId: null,
      userName: null,
      user: null,
      userArchetype: null,
    });
    expect(mine.replies[0]).toMatchObject({ isOwn: true, userId: null });
  });

  it('no write answer reveals the author, whoever sends it', async () => {
    for (const route of commandRoutes) {
      const key = `${route.method} ${route.path}`;
      expect({ route: key, hasBody: key in BODIES }).toEqual({ route: key, hasBody: true });
      for (const path of fill(route.path)) {
        for (const sender of [alex, admin]) {
          const send =
            { DELETE: () => forum.del(sender, path), PATCH: () => forum.patch(sender, path, BODIES[key]) }[
              route.method
            ] ?? (() => forum.post(sender, path, BODIES[key]));
          const response = await send();
          expect(response.status).toBeLessThan(500);
          expect({ route: key, leaks: anonymousLeaks(response.body) }).toEqual({ route: key, leaks: [] });
        }
      }
    }
  });
});
