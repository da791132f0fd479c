import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';

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
