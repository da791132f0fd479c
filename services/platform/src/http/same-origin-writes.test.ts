import Koa from 'koa';
import supertest from 'supertest';
import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';
import { CSRF_MESSAGES, sameOriginWrites } from './same-origin-writes';

const STORY_START = { sessionStatus: 'started', currentStep: 1, aiPrompts: [], userResponses: [] };
const ANOTHER_PORT = 'http://localhost:1';

describe('writes only from the app’s own origin (CSRF)', () => {
  let backend: TestBackend;
  let cookie: string;
  beforeAll(async () => {
    backend = await backendForTest();
    const registered = await backend.command.post('/api/auth/register').send(registration()).expect(201);
    cookie = (registered.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  });
  afterAll(async () => {
    await backend.close();
  });

  const eventCount = async () => (await backend.allEvents()).length;
  /** The origin supertest addresses (its Host header says 127.0.0.1). */
  const ownOrigin = () => backend.commandUrl.replace('//localhost', '//127.0.0.1');
  const startStory = () => backend.command.post('/api/five-minute-story/session').set('Cookie', cookie);

  it('accepts a JSON write from its own origin, by Origin, by Referer or by Sec-Fetch-Site', async () => {
    await startStory().set('Origin', ownOrigin()).send(STORY_START).expect(201);
    await startStory().set('Referer', `${ownOrigin()}/member/story`).send(STORY_START).expect(201);
    await startStory().set('Sec-Fetch-Site', 'same-origin').send(STORY_START).expect(201);
  });

  it.each([
    ['another port of the same host', { Origin: ANOTHER_PORT }],
    ['a sibling subdomain', { Origin: 'http://evil.example.com' }],
    ['an opaque origin', { Origin: 'null' }],
    ['a Referer from another origin', { Referer: `${ANOTHER_PORT}/attack.html` }],
    ['a cross-site fetch with no Origin or Referer', { 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses a JSON write from %s with 403, appending nothing', async (_label, headers) => {
    const before = await eventCount();
    const answer = await startStory().set(headers).send(STORY_START).expect(403);
    expect(answer.body.error).toBe(CSRF_MESSAGES.otherOrigin);
    expect(await eventCount()).toBe(before);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a %s write, even with an empty body and from its own origin',
    async (type) => {
      const before = await eventCount();
      const empty = await backend.command
        .post('/api/auth/logout')
        .set('Cookie', cookie)
        .set('Origin', ownOrigin())
        .set('Content-Type', type)
        .send('')
        .expect(403);
      expect(empty.body.error).toBe(CSRF_MESSAGES.notJson);
      await backend.command.post('/api/auth/login').set('Content-Type', type).send('email=a&password=b').expect(403);
      expect(await eventCount()).toBe(before);
      await backend.query.get('/api/auth/user').set('Cookie', cookie).expect(200);
    },
  );

  it('refuses a bodiless write from a browser without a JSON type, and signs nobody out', async () => {
    await backend.command.post('/api/auth/logout').set('Cookie', cookie).set('Origin', ownOrigin()).expect(403);
    await backend.query.get('/api/auth/user').set('Cookie', cookie).expect(200);
  });

  it('lets a client that is not a browser send a bodiless write without a type, or a JSON one', async () => {
    const registered = await backend.command.post('/api/auth/register').send(registration()).expect(201);
    const own = (registered.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    await backend.command.post('/api/auth/logout').set('Cookie', own).expect(200);
    await backend.command.post('/api/auth/logout').set('Content-Type', 'application/json').expect(200);
  });

  it('refuses a body without a type even from a client that is not a browser', async () => {
    await backend.command
      .post('/api/auth/login')
      .set('Content-Type', '')
      .send(Buffer.from('{"email":"a@b.c","password":"x"}'))
      .expect(403);
  });
});

describe('writes with PUBLIC_ORIGIN configured', () => {
  const app = new Koa();
  app.use(async (ctx, next) => {
    await next().catch((error: { status: number }) => {
      ctx.status = error.status;
    });
  });
  app.use(sameOriginWrites({ publicOrigins: ['https://reflections.example', 'https://www.reflections.example/'] }));
  app.use((ctx) => {
    ctx.status = 204;
  });
  const post = () => supertest(app.callback()).post('/api/contact').set('Content-Type', 'application/json');

  it('accepts each listed origin and no other, not even the host the request was addressed to', async () => {
    await post().set('Origin', 'https://reflections.example').expect(204);
    await post().set('Origin', 'https://www.reflections.example').expect(204);
    await post().set('Origin', 'http://reflections.example').expect(403);
    await post().set('Origin', 'https://api.reflections.example').expect(403);
    const own = supertest(app.callback()).post('/api/contact').set('Content-Type', 'application/json');
    await own.set('Origin', 'http://127.0.0.1').expect(403);
  });
});
