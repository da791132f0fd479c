import pg, { type Pool } from 'pg';

/**
 * koa-session's external store, in PostgreSQL, shared by every service instance: a
 * logout really ends the session everywhere and a restart keeps members signed in.
 */
export class PostgresSessionStore {
  constructor(private readonly pool: Pool) {}

  async ensureSchema() {
    await this.pool.query(`CREATE TABLE IF NOT EXISTS http_sessions (
      id text PRIMARY KEY,
      data jsonb NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
  }

  async get(key: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await this.pool.query<{ data: Record<string, unknown> }>(
      'SELECT data FROM http_sessions WHERE id = $1 AND expires_at > now()',
      [key],
    );
    return rows[0]?.data;
  }

  async set(key: string, session: Record<string, unknown>, maxAge: number | 'session'): Promise<void> {
    const ms = typeof maxAge === 'number' ? maxAge : 24 * 60 * 60 * 1000;
    await this.pool.query(
      `INSERT INTO http_sessions (id, data, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
       ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, expires_at = EXCLUDED.expires_at`,
      [key, JSON.stringify(session), ms],
    );
  }

  async destroy(key: string): Promise<void> {
    await this.pool.query('DELETE FROM http_sessions WHERE id = $1', [key]);
  }
}

/** A session store on its own small pool, schema ensured; `close` ends the pool. */
export async function openSessionStore(databaseUrl: string): Promise<{ store: PostgresSessionStore; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
  // PostgreSQL may shut down before we do (Ctrl-C reaches it too); a dropped idle connection is not a crash.
  pool.on('error', () => undefined);
  const store = new PostgresSessionStore(pool);
  await store.ensureSchema();
  return { store, close: () => pool.end() };
}
