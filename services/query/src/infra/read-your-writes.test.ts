import { backendForTest, registration, type TestBackend } from '@reflections/infra/testing/backend-for-test';

describe('reading your own writes across the two apps', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest({ readYourWritesTimeoutMs: 1500 });
  });
  afterAll(async () => {
    await backend.close();
  });

  it('serves a registration to who-am-I at once, 200 times in a row, never stale', async () => {
    for (let i = 0; i < 200; i++) {
      const registered = await backend.command.post('/api/auth/register').send(registration({ firstName: `Member${i}` })).expect(201);
      const cookie = (registered.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
      const me = await backend.query.get('/api/auth/user').set('Cookie', cookie).set('X-Min-Position', registered.headers['x-position']);
      expect(me.status).toBe(200);
      expect(me.body.firstName).toBe(`Member${i}`);
      expect(me.headers['x-read-your-writes']).toBeUndefined();
    }
    // Each registration passes through every projector before who-am-I answers; on a loaded 2-core machine 200 take longer than jest's default.
  }, 180_000);

  it('gives up after the bounded wait and says so', async () => {
    const future = '999999999999:999999999999';
    const response = await backend.query.get('/api/auth/user').set('X-Min-Position', future).expect(401);
    expect(response.headers['x-read-your-writes']).toBe('timeout');
  });
});
