import pg from 'pg';
import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';
import { SESSIONS_CHANGED } from './session-cache';
import { SESSION_COOKIE } from './session-middleware';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('session lifetime', () => {
  let backend: TestBackend;
  let db: pg.Client;
  beforeAll(async () => {
    backend = await backendForTest();
    db = new pg.Client({ connectionString: backend.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await backend.close();
  });

  const signUp = async () => {
    const registered = await backend.command.post('/api/auth/register').send(registration()).expect(201);
    const cookie = (registered.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const id = new RegExp(`${SESSION_COOKIE.replace('.', '\\.')}=([^;]+)`).exec(cookie)![1];
    return { cookie, id, position: registered.headers['x-position'] as string };
  };
  const row = async (id: string) =>
    (
      await db.query<{ data: Record<string, number>; expires_ms: number }>(
        'SELECT data, (extract(epoch FROM expires_at) * 1000)::float8 AS expires_ms FROM http_sessions WHERE id = $1',
        [id],
      )
    ).rows[0];
  /** Rewrites a session as time would have left it, and tells every process's session cache, as the store does. */
  const age = async (id: string, change: { data?: Record<string, number>; expiresAt?: number }) => {
    const { data, expires_ms } = await row(id);
    await db.query('UPDATE http_sessions SET data = $2, expires_at = to_timestamp($3 / 1000.0) WHERE id = $1', [
      id,
      { ...data, ...change.data },
      change.expiresAt ?? expires_ms,
    ]);
    await db.query(`SELECT pg_notify('${SESSIONS_CHANGED}', $1)`, [id]);
  };
  const whoAmI = (session: { cookie: string; position: string }) =>
    backend.query.get('/api/auth/user').set('Cookie', session.cookie).set('X-Min-Position', session.position);

  it('lasts the idle limit from sign-in, stamped with when it began', async () => {
    const session = await signUp();
    const { data, expires_ms } = await row(session.id);
    expect(typeof data.signedInAt).toBe('number');
    expect(expires_ms - data.signedInAt).toBeGreaterThan(6.9 * DAY_MS);
    expect(expires_ms - data.signedInAt).toBeLessThan(7.1 * DAY_MS);
  });

  it('moves the idle limit along when a session in use has not been refreshed for a day', async () => {
    const session = await signUp();
    const { data } = await row(session.id);
    await age(session.id, { data: { seenAt: data.seenAt - 2 * DAY_MS }, expiresAt: Date.now() + 5 * DAY_MS });
    await whoAmI(session).expect(200);
    const after = await row(session.id);
    expect(after.expires_ms - after.data.seenAt).toBeGreaterThan(6.9 * DAY_MS);
    expect(after.data.seenAt).toBeGreaterThan(data.seenAt);
  });

  it('ends a session left idle past its limit', async () => {
    const session = await signUp();
    await age(session.id, { expiresAt: Date.now() - 1000 });
    await whoAmI(session).expect(401);
  });

  it('ends a session older than the absolute limit however busy, for both services', async () => {
    const session = await signUp();
    await age(session.id, { data: { signedInAt: Date.now() - 31 * DAY_MS } });
    await backend.command
      .post('/api/five-minute-story/session')
      .set('Cookie', session.cookie)
      .send({ sessionStatus: 'started', currentStep: 1, aiPrompts: [], userResponses: [] })
      .expect(401);
    await whoAmI(session).expect(401);
    expect(await row(session.id)).toBeUndefined();
  });
});
