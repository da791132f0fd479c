import { randomUUID } from 'node:crypto';
import { backendForTest, registration, type TestBackend } from '@reflections/testing/backend-for-test';
import { signedInAdmin } from '@reflections/testing/sessions-for-test';
import pg from 'pg';

const metadata = { causedBy: null, correlationId: 'test', schemaVersion: 1 };

describe('system health', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest({ readYourWritesTimeoutMs: 30_000 });
  });
  afterAll(async () => {
    await backend.close();
  });

  it('shows admins the events projectors parked, while members keep signing up and in', async () => {
    const admin = await signedInAdmin(backend);
    const before = await backend.query.get('/api/admin/system-health').set('Cookie', admin.cookie).expect(200);
    expect(before.body.parkedEvents).toEqual([]);

    // A registration of a shape no projector can read (a first name that is a number), then a member registering after it.
    const userId = randomUUID();
    await backend.eventStore.appendToStream(`user-${userId}`, [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        metadata,
        data: { userId, email: `${userId}@example.com`, firstName: 42, lastName: 'Words only the member wrote' },
      },
    ]);
    const registered = await backend.command
      .post('/api/auth/register')
      .send(registration({ firstName: 'After' }))
      .expect(201);
    const cookie = (registered.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const me = await backend.query
      .get('/api/auth/user')
      .set('Cookie', cookie)
      .set('X-Min-Position', registered.headers['x-position'])
      .expect(200);
    expect(me.body.firstName).toBe('After');
    expect(me.headers['x-read-your-writes']).toBeUndefined();

    const after = await backend.query.get('/api/admin/system-health').set('Cookie', admin.cookie).expect(200);
    expect(after.body.parkedEvents).toContainEqual({
      projector: 'users',
      count: 1,
      latestType: 'UserRegistered',
      latestAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(JSON.stringify(after.body)).not.toContain('Words only');
  });

  it('answers for every live service, from the figures each process publishes, and leaves out instances that stopped writing', async () => {
    const admin = await signedInAdmin(backend);
    const refused = await backend.command.post('/api/journal/ai-prompt').send({});
    expect(refused.status).toBeLessThan(500);
    await backend.query.get('/api/forum/categories').set('Cookie', admin.cookie).expect(200);
    const database = new pg.Client({ connectionString: backend.databaseUrl });
    await database.connect();
    try {
      // A command replica that stopped a minute ago (killed: its row stays behind).
      await database.query(
        `INSERT INTO service_health (service, instance, counts, uptime_seconds, requests, errors, total_ms, latency_bins, beat_at)
         VALUES ('command', 'gone:1', 'requests', 999999, 5000, 4000, 1, '{}', now() - interval '60 seconds')`,
      );
    } finally {
      await database.end();
    }
    await backend.publishHealth();

    const health = await backend.query.get('/api/admin/system-health').set('Cookie', admin.cookie).expect(200);
    const services = health.body.services as {
      service: string;
      counts: string;
      instances: number;
      uptime: number;
      requests: number;
      errors: number;
      p50ResponseTime: number;
      p99ResponseTime: number;
    }[];
    expect(services.map((s) => s.service)).toEqual(['command', 'query']);
    for (const service of services) {
      expect(service.instances).toBe(1);
      expect(service.counts).toBe('requests');
      expect(service.requests).toBeGreaterThan(0);
      expect(service.errors).toBe(0);
      expect(service.uptime).toBeLessThan(999999);
      expect(service.p99ResponseTime).toBeGreaterThanOrEqual(service.p50ResponseTime);
      expect(service.p50ResponseTime).toBeGreaterThan(0);
    }
    expect(health.body.errorRate).toBe(0);
    expect(health.body.uptime).toBeLessThan(999999);
  });
});
