import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createTestDatabase } from '../testing/test-database';
import { openSessionStore } from './postgres-session-store';

const DAY = 24 * 60 * 60 * 1000;

/** Polls until `read` answers undefined; fails after 10 s (never a timing assertion: a slow machine only waits longer). */
async function untilGone(read: () => Promise<unknown>) {
  for (let waited = 0; waited < 10_000; waited += 10) {
    if ((await read()) === undefined) return;
    await sleep(10);
  }
  throw new Error('the session was still served after 10 s');
}

describe('PostgreSQL session store, shared by every replica', () => {
  it('answers a remembered session without asking the database again', async () => {
    const databaseUrl = await createTestDatabase();
    const sessions = await openSessionStore(databaseUrl);
    const queries = jest.spyOn(pg.Pool.prototype, 'query');
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const key = randomUUID();
      // Written by another replica long ago: nothing announced to this one.
      await admin.query(
        `INSERT INTO http_sessions (id, data, expires_at) VALUES ($1, '{"userId":"member-1"}', now() + interval '1 day')`,
        [key],
      );
      expect(await sessions.store.get(key)).toEqual({ userId: 'member-1' });
      const before = queries.mock.calls.length;
      expect(await sessions.store.get(key)).toEqual({ userId: 'member-1' });
      expect(queries.mock.calls.length).toBe(before);
    } finally {
      queries.mockRestore();
      await admin.end();
      await sessions.close();
    }
  });

  it('signing out on one replica ends the session on the others', async () => {
    const databaseUrl = await createTestDatabase();
    const signedOutHere = await openSessionStore(databaseUrl);
    const otherReplica = await openSessionStore(databaseUrl);
    try {
      const key = randomUUID();
      await signedOutHere.store.set(key, { userId: 'member-2' }, DAY);
      // Both replicas have read (and remembered) the session.
      expect(await otherReplica.store.get(key)).toEqual({ userId: 'member-2' });
      expect(await signedOutHere.store.get(key)).toEqual({ userId: 'member-2' });
      await signedOutHere.store.destroy(key);
      expect(await signedOutHere.store.get(key)).toBeUndefined();
      await untilGone(() => otherReplica.store.get(key));
    } finally {
      await Promise.all([signedOutHere.close(), otherReplica.close()]);
    }
  });

  it('reads from the database while it cannot hear sign-outs, and forgets what it remembered', async () => {
    const databaseUrl = await createTestDatabase();
    const sessions = await openSessionStore(databaseUrl);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const key = randomUUID();
      await sessions.store.set(key, { userId: 'member-3' }, DAY);
      expect(await sessions.store.get(key)).toEqual({ userId: 'member-3' });
      // The listening connection drops, and the session is deleted without any announcement.
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN http_sessions_changed%' AND datname = current_database()`,
      );
      await admin.query('DELETE FROM http_sessions WHERE id = $1', [key]);
      await untilGone(() => sessions.store.get(key));
    } finally {
      await admin.end();
      await sessions.close();
    }
  });

  it('does not serve a session past its expiry', async () => {
    const databaseUrl = await createTestDatabase();
    const sessions = await openSessionStore(databaseUrl);
    try {
      const key = randomUUID();
      await sessions.store.set(key, { userId: 'member-4' }, 300);
      expect(await sessions.store.get(key)).toEqual({ userId: 'member-4' });
      await untilGone(() => sessions.store.get(key));
    } finally {
      await sessions.close();
    }
  });
});
