import Koa from 'koa';
import supertest from 'supertest';
import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';
import { API_CSP, type CspDirectives, securityHeaders } from './security-headers';

/** The headers every API answer carries, whatever its status: nothing of it may be cached, framed or run. */
function expectApiHeaders(answer: { headers: Record<string, string> }) {
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
  expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(answer.headers['x-frame-options']).toBe('DENY');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['referrer-policy']).toBe('same-origin');
  expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(answer.headers['permissions-policy']).toContain('microphone=()');
  expect(answer.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers of the API', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest();
  });
  afterAll(async () => {
    await backend.close();
  });

  it('are on the query service’s 200, 401 and 404', async () => {
    expectApiHeaders(await backend.query.get('/api/forum/categories').expect(200));
    expectApiHeaders(await backend.query.get('/api/auth/user').expect(401));
    expectApiHeaders(await backend.query.get('/api/no-such-thing').expect(404));
  });

  it('are on the command service’s 201, 400, 401 and 404', async () => {
    expectApiHeaders(await backend.command.post('/api/auth/register').send(registration()).expect(201));
    expectApiHeaders(await backend.command.post('/api/auth/register').send({}).expect(400));
    expectApiHeaders(
      await backend.command
        .post('/api/auth/login')
        .send({ email: 'nobody@example.com', password: 'not-the-one' })
        .expect(401),
    );
    expectApiHeaders(await backend.command.post('/api/no-such-thing').send({}).expect(404));
  });
});

describe('security headers of a fixed policy', () => {
  const headersOf = async (contentSecurityPolicy: CspDirectives) => {
    const app = new Koa();
    app.use(securityHeaders({ contentSecurityPolicy, noStore: true }));
    app.use((ctx) => (ctx.body = { ok: true }));
    const { headers } = await supertest(app.callback()).get('/');
    delete headers.date;
    return headers;
  };

  it('are, asked once, the headers helmet sets on every answer', async () => {
    // A directive computed per request keeps helmet on every request: the same policy, asked each time.
    const perRequest = { ...API_CSP, 'default-src': [() => "'none'"] };
    const fixed = await headersOf(API_CSP);
    expect(fixed).toEqual(await headersOf(perRequest));
    expect(fixed['x-frame-options']).toBe('DENY');
  });
});
