import type { Server } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import pg from 'pg';
import supertest from 'supertest';
import { READ_MODELS } from '@reflections/contracts/admin';
import { openSessionStore } from '@reflections/platform/session/postgres-session-store';
import { sessionMiddleware, signedInUserId } from '@reflections/platform/session/session-middleware';
import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';
import { PROJECTORS } from '../projections';
import { REPORT_PROJECTORS } from '../reports/reports';
import { START } from '@reflections/contracts/position';
import { alsoReads, declaredReadModels, logMovedPast, reads, readYourWrites } from './read-your-writes';
import type { ProjectionProgress } from './projection-progress';

describe('reading your own writes across the two apps', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    // Longer than any test here may take: a read that waited it out would fail its test.
    backend = await backendForTest({ readYourWritesTimeoutMs: 120_000 });
  });
  afterAll(async () => {
    await backend.close();
  });

  it('serves a registration to who-am-I at once, 200 times in a row, never stale', async () => {
    for (let i = 0; i < 200; i++) {
      const registered = await backend.command
        .post('/api/auth/register')
        .send(registration({ firstName: `Member${i}` }))
        .expect(201);
      const cookie = (registered.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
      const me = await backend.query
        .get('/api/auth/user')
        .set('Cookie', cookie)
        .set('X-Min-Position', registered.headers['x-position']);
      expect(me.status).toBe(200);
      expect(me.body.firstName).toBe(`Member${i}`);
      expect(me.headers['x-read-your-writes']).toBeUndefined();
    }
    // Each registration passes through every projector before who-am-I answers; on a loaded 2-core machine 200 take longer than jest's default.
  }, 180_000);

  const future = '999999999999:999999999999';

  it('lets no visitor hold a connection: an anonymous read answers without waiting and says so', async () => {
    const response = await backend.query.get('/api/auth/user').set('X-Min-Position', future).expect(401);
    expect(response.headers['x-read-your-writes']).toBe('not-waited');
  });

  it("answers a member's read of a position beyond the log without waiting out the timeout", async () => {
    const registered = await backend.command
      .post('/api/auth/register')
      .send(registration({ firstName: 'Ahead' }))
      .expect(201);
    const cookie = (registered.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const me = await backend.query
      .get('/api/auth/user')
      .set('Cookie', cookie)
      .set('X-Min-Position', future)
      .expect(200);
    expect(me.body.firstName).toBe('Ahead');
    expect(me.headers['x-read-your-writes']).toBe('not-waited');
  }, 20_000);
});

describe('what a route declares it reads', () => {
  const guard = alsoReads((_ctx, next) => next(), READ_MODELS.users);
  const routers = () => {
    const guarded = new Router({ prefix: '/api/guarded' });
    guarded.use(guard);
    guarded.get('/declared', reads(READ_MODELS.forum), (ctx) => (ctx.body = 'declared'));
    guarded.get('/silent', (ctx) => (ctx.body = 'silent'));
    const open = new Router();
    open.get('/api/nothing', reads(), (ctx) => (ctx.body = 'nothing'));
    return [guarded, open];
  };

  it("adds the read models of a guard in front of the route to the route's own", () => {
    expect(declaredReadModels(routers(), 'GET', '/api/guarded/declared')?.sort()).toEqual(['forum', 'users']);
  });

  it('finds nothing declared where only the guard reads something: such a route waits for every projector', () => {
    expect(declaredReadModels(routers(), 'GET', '/api/guarded/silent')).toBeNull();
    expect(declaredReadModels(routers(), 'GET', '/api/no-such-route')).toBeNull();
  });

  it('lets a route declare that it reads no read model at all', () => {
    expect(declaredReadModels(routers(), 'GET', '/api/nothing')).toEqual([]);
  });

  it('names every read model after a projector the query service runs', () => {
    const projectors = [...PROJECTORS, ...REPORT_PROJECTORS].map((projector) => projector.name).sort();
    expect(Object.values(READ_MODELS).sort()).toEqual(projectors);
  });
});

describe('a read waits only for the projectors of the read models its route declares', () => {
  let backend: TestBackend;
  let sessions: Awaited<ReturnType<typeof openSessionStore>>;
  let readModels: pg.Pool;
  let server: Server;
  let undeclared: ReturnType<typeof supertest>;
  beforeAll(async () => {
    // Short: a read that waits for the stopped forum projector answers `timeout` after it.
    backend = await backendForTest({ readYourWritesTimeoutMs: 1_500 });
    sessions = await openSessionStore(backend.databaseUrl);
    readModels = new pg.Pool({ connectionString: backend.databaseUrl, max: 2 });
    // A route that declares nothing, behind the query app's session and read-your-writes.
    const router = new Router();
    router.get('/api/undeclared', async (ctx) => {
      const { rows } = await readModels.query('SELECT first_name FROM user_accounts WHERE id = $1', [
        signedInUserId(ctx),
      ]);
      ctx.body = { firstName: rows[0]?.first_name ?? null };
    });
    const app = new Koa();
    app.use(sessionMiddleware(app, { keys: ['test-secret'], store: sessions.store }));
    app.use(readYourWrites(backend.runtime, { timeoutMs: 1_500, routers: [router] }));
    app.use(router.routes());
    server = app.listen(0);
    undeclared = supertest(server);
  });
  afterAll(async () => {
    server.close();
    await readModels.end();
    await sessions.close();
    await backend.close();
  });

  it('answers a users read at once while the forum projector is stopped, and an undeclared route still waits for it', async () => {
    const registered = await backend.command
      .post('/api/auth/register')
      .send(registration({ firstName: 'Declared' }))
      .expect(201);
    const cookie = (registered.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    // The forum projector stops: its next batch waits to write forum_posts, which this transaction locks.
    // A table lock takes no transaction id, so it holds back no event from the other projectors.
    const holder = await readModels.connect();
    let post: { headers: Record<string, string> };
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE forum_posts IN SHARE MODE');
      post = await backend.command
        .post('/api/forum/posts')
        .set('Cookie', cookie)
        .send({
          title: 'Still here',
          content: 'A quiet week, and I made it through.',
          categoryId: 1,
          isAnonymous: false,
        })
        .expect(201);
      const position = post.headers['x-position'];

      const me = await backend.query.get('/api/auth/user').set('Cookie', cookie).set('X-Min-Position', position);
      expect(me.status).toBe(200);
      expect(me.body.firstName).toBe('Declared');
      expect(me.headers['x-read-your-writes']).toBeUndefined();

      const forum = await backend.query.get('/api/forum/feed').set('Cookie', cookie).set('X-Min-Position', position);
      expect(forum.headers['x-read-your-writes']).toBe('timeout');
      expect(forum.body.posts.map((p: { title: string }) => p.title)).not.toContain('Still here');

      const silent = await undeclared.get('/api/undeclared').set('Cookie', cookie).set('X-Min-Position', position);
      expect(silent.status).toBe(200);
      expect(silent.body.firstName).toBe('Declared');
      expect(silent.headers['x-read-your-writes']).toBe('timeout');
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    // Going again, the forum projector passes the post, and the reads that wait for it have it.
    const position = post.headers['x-position'];
    const forum = await backend.query.get('/api/forum/feed').set('Cookie', cookie).set('X-Min-Position', position);
    expect(forum.headers['x-read-your-writes']).toBeUndefined();
    expect(forum.body.posts.map((p: { title: string }) => p.title)).toContain('Still here');
    const silent = await undeclared.get('/api/undeclared').set('Cookie', cookie).set('X-Min-Position', position);
    expect(silent.headers['x-read-your-writes']).toBeUndefined();
  }, 30_000);
});

describe("a member's read while every projector is silent", () => {
  let backend: TestBackend;
  let sessions: Awaited<ReturnType<typeof openSessionStore>>;
  beforeAll(async () => {
    backend = await backendForTest();
    sessions = await openSessionStore(backend.databaseUrl);
  });
  afterAll(async () => {
    await sessions.close();
    await backend.close();
  });

  /** Projectors that have read nothing and report nothing: on a starved machine, one long batch looks like this. */
  const silentProjectors: ProjectionProgress = {
    position: () => START,
    latest: () => START,
    behind: () => ['users'],
    waitFor: (_position, timeoutMs) => new Promise((resolve) => setTimeout(() => resolve(false), timeoutMs)),
    onApplied: () => () => undefined,
    caughtUp: async () => undefined,
  };
  const appReading = (movedPast: typeof logMovedPast | null) => {
    const router = new Router();
    router.get('/api/who', (ctx) => (ctx.body = { userId: signedInUserId(ctx) }));
    const app = new Koa();
    app.use(sessionMiddleware(app, { keys: ['test-secret'], store: sessions.store }));
    app.use(
      readYourWrites(silentProjectors, {
        timeoutMs: 1_200,
        routers: [router],
        logMovedPast: movedPast?.(backend.eventStore),
      }),
    );
    app.use(router.routes());
    return app.callback();
  };

  it('keeps waiting for a position the log holds, and answers "timeout" when its patience runs out, never "beyond the log"', async () => {
    const registered = await backend.command.post('/api/auth/register').send(registration()).expect(201);
    const cookie = (registered.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const position = registered.headers['x-position'];
    const read = (movedPast: typeof logMovedPast | null) =>
      supertest(appReading(movedPast)).get('/api/who').set('Cookie', cookie).set('X-Min-Position', position);

    const asked = await read(logMovedPast);
    expect(asked.status).toBe(200);
    expect(asked.headers['x-read-your-writes']).toBe('timeout');
    // Without the log to ask, the projectors' silence alone is taken for the log's end.
    expect((await read(null)).headers['x-read-your-writes']).toBe('not-waited');
  }, 30_000);

  it('says whether the log holds an event past a position', async () => {
    const events = await backend.allEvents();
    const last = events[events.length - 1];
    expect(await logMovedPast(backend.eventStore)(START)).toBe(events.length > 0);
    expect(await logMovedPast(backend.eventStore)(events[0].position)).toBe(events.length > 1);
    expect(await logMovedPast(backend.eventStore)(last.position)).toBe(false);
  });
});
