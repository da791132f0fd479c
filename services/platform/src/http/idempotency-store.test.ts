import pg from 'pg';
import { createTestDatabase } from '../testing/test-database';
import { PostgresIdempotencyStore } from './idempotency-store';

describe('the idempotency store', () => {
  let pool: pg.Pool;
  let store: PostgresIdempotencyStore;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 2 });
    store = new PostgresIdempotencyStore(pool);
    await store.ensureSchema();
  });
  afterAll(async () => {
    await pool.end();
  });

  /** Moves a key's clock back, as if it had been claimed that long ago. */
  const age = (key: string, interval: string) =>
    pool.query(
      `UPDATE http_idempotency_keys SET claimed_at = claimed_at - $2::interval, expires_at = expires_at - $2::interval WHERE key = $1`,
      [key, interval],
    );

  it('gives a key to one claimant and shows the others its answer once remembered', async () => {
    const first = await store.claim('user:a', 'key-answered', 'print');
    expect(first.claimed).toBe(true);
    expect(await store.claim('user:a', 'key-answered', 'print')).toEqual({
      claimed: false,
      fingerprint: 'print',
      answer: null,
    });

    if (first.claimed)
      await store.remember('user:a', 'key-answered', first.claimId, {
        status: 201,
        body: { id: 'x' },
        position: '1:2',
      });

    expect(await store.claim('user:a', 'key-answered', 'print')).toEqual({
      claimed: false,
      fingerprint: 'print',
      answer: { status: 201, body: { id: 'x' }, position: '1:2' },
    });
    expect((await store.claim('user:b', 'key-answered', 'print')).claimed).toBe(true);
  });

  it('frees a released key, and a key whose answer is a day old', async () => {
    const released = await store.claim('user:a', 'key-released', 'print');
    if (released.claimed) await store.release('user:a', 'key-released', released.claimId);
    expect((await store.claim('user:a', 'key-released', 'print')).claimed).toBe(true);

    const old = await store.claim('user:a', 'key-old', 'print');
    if (old.claimed) await store.remember('user:a', 'key-old', old.claimId, { status: 201, body: {}, position: null });
    await age('key-old', '25 hours');
    expect((await store.claim('user:a', 'key-old', 'other print')).claimed).toBe(true);
  });

  it('lets a retry take over a claim its process never answered', async () => {
    await store.claim('user:a', 'key-abandoned', 'print');
    await age('key-abandoned', '2 minutes');

    expect((await store.claim('user:a', 'key-abandoned', 'print')).claimed).toBe(true);
  });

  it('sweeps expired keys and keeps the others', async () => {
    await store.claim('user:c', 'key-expired', 'print');
    await store.claim('user:c', 'key-fresh', 'print');
    await age('key-expired', '25 hours');

    await store.sweep();

    const { rows } = await pool.query<{ key: string }>("SELECT key FROM http_idempotency_keys WHERE scope = 'user:c'");
    expect(rows.map((row) => row.key)).toEqual(['key-fresh']);
  });
});
