import pg, { type Pool } from 'pg';
import { SESSIONS_CHANGED, SessionCache } from './session-cache';

/**
 * koa-session's external store, in PostgreSQL, shared by every service instance: a
 * logout really ends the session everywhere and a restart keeps members signed in.
 * Every change is announced on SESSIONS_CHANGED in the same statement, so each process's
 * SessionCache forgets a session the moment it is signed out anywhere.
 */
export class PostgresSessionStore {
  constructor(
    private readonly pool: Pool,
    private readonly cache: SessionCache | null = null,
  ) {}

  async ensureSchema() {
    // Replicas starting together on a fresh database race to create the table: one wins, the rest see it.
    await this.createTable().catch((error: { code?: string }) => {
      if (error.code !== '23505') throw error;
    });
  }

  private async createTable() {
    await this.pool.query(`CREATE TABLE IF NOT EXISTS http_sessions (
      id text PRIMARY KEY,
      data jsonb NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
    // Sign out everywhere finds a member's sessions by the user id inside them.
    await this.pool.query(`CREATE INDEX IF NOT EXISTS http_sessions_user_id ON http_sessions ((data->>'userId'))`);
  }

  async get(key: string): Promise<Record<string, unknown> | undefined> {
    const cached = this.cache?.lookup(key);
    if (cached) return cached;
    const mark = this.cache?.mark() ?? 0;
    const { rows } = await this.pool.query<{ data: Record<string, unknown>; expires_ms: number }>({
      name: 'http-session-get',
      text: 'SELECT data, (extract(epoch FROM expires_at) * 1000)::float8 AS expires_ms FROM http_sessions WHERE id = $1 AND expires_at > now()',
      values: [key],
    });
    const row = rows[0];
    if (!row) return undefined;
    // A TTL of 0 would keep it forever: a session expiring this very moment is kept for a millisecond.
    this.cache?.remember(key, row.data, mark, Math.max(1, row.expires_ms - Date.now()));
    return row.data;
  }

  async set(key: string, session: Record<string, unknown>, maxAge: number | 'session'): Promise<void> {
    const ms = typeof maxAge === 'number' ? maxAge : 24 * 60 * 60 * 1000;
    this.cache?.forget(key);
    await this.pool.query(
      `WITH saved AS (
         INSERT INTO http_sessions (id, data, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
         ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, expires_at = EXCLUDED.expires_at)
       SELECT pg_notify('${SESSIONS_CHANGED}', $1)`,
      [key, JSON.stringify(session), ms],
    );
  }

  /** Ends every session of one member (sign out everywhere), announced like any other; how many there were. */
  async destroyAllOf(userId: string): Promise<number> {
    const { rows } = await this.pool.query<{ id: string }>(
      `WITH ended AS (DELETE FROM http_sessions WHERE data->>'userId' = $1 RETURNING id) SELECT id, pg_notify('${SESSIONS_CHANGED}', id) FROM ended`,
      [userId],
    );
    for (const { id } of rows) this.cache?.forget(id);
    return rows.length;
  }

  async destroy(key: string): Promise<void> {
    this.cache?.forget(key);
    await this.pool.query(
      `WITH ended AS (DELETE FROM http_sessions WHERE id = $1) SELECT pg_notify('${SESSIONS_CHANGED}', $1)`,
      [key],
    );
  }
}

/** A session store on its own small pool, schema ensured and listening for changes; `close` ends both. */
export async function openSessionStore(
  databaseUrl: string,
): Promise<{ store: PostgresSessionStore; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
  // PostgreSQL may shut down before we do (Ctrl-C reaches it too); a dropped idle connection is not a crash.
  pool.on('error', () => undefined);
  const cache = new SessionCache(databaseUrl);
  const store = new PostgresSessionStore(pool, cache);
  await store.ensureSchema();
  await cache.listen();
  return {
    store,
    close: async () => {
      await cache.stop();
      await pool.end();
    },
  };
}
