import type pg from 'pg';
import { createTestDatabase } from '../testing/test-database';
import { RateLimitStore } from './rate-limit-store';

describe('the rate limit store', () => {
  let store: RateLimitStore;
  beforeAll(async () => {
    store = await RateLimitStore.open(await createTestDatabase());
  });
  afterAll(async () => {
    await store.close();
  });

  it('counts requests on connections whose commits do not wait for the WAL flush', async () => {
    const limiter = store.limiter({ name: 'durability', points: 2, durationSeconds: 60 });

    // The tests' PostgreSQL runs without the flush for every session; this asks whose choice it is here.
    // rate-limiter-flexible keeps the pool it counts on as `client` (untyped).
    const { client } = limiter as unknown as { client: pg.Pool };
    const setting = await client.query<{ setting: string; source: string }>(
      "SELECT setting, source FROM pg_settings WHERE name = 'synchronous_commit'",
    );

    expect(setting.rows[0]).toEqual({ setting: 'off', source: 'client' });
    expect((await limiter.consume('member')).remainingPoints).toBe(1);
    expect((await limiter.consume('member')).remainingPoints).toBe(0);
    await expect(limiter.consume('member')).rejects.toMatchObject({ remainingPoints: 0 });
  });
});
