import { randomUUID } from 'node:crypto';
import pg, { type Pool } from 'pg';

/** The first answer to a create, kept to be given again to a retry. */
export type RememberedAnswer = { status: number; body: unknown; position: string | null };

export type Claim =
  { claimed: true; claimId: string } | { claimed: false; fingerprint: string; answer: RememberedAnswer | null };

/** How long a finished create's answer is kept for retries. */
const KEEP_HOURS = 24;
/** A claim still unanswered after this belongs to a process that died mid-request: a retry may take it over. */
const ABANDONED_AFTER_SECONDS = 60;

/**
 * Idempotency keys of creating requests, in PostgreSQL so every process of the command
 * service sees the same claims. A key is claimed (INSERT ... ON CONFLICT) before the route
 * runs; its answer is stored when it succeeded, and the claim deleted when it did not.
 */
export class PostgresIdempotencyStore {
  constructor(private readonly pool: Pool) {}

  async ensureSchema() {
    // Replicas starting together on a fresh database race to create the table: one wins, the rest see it.
    await this.pool
      .query(
        `CREATE TABLE IF NOT EXISTS http_idempotency_keys (
          scope text NOT NULL,
          key text NOT NULL,
          claim_id uuid NOT NULL,
          fingerprint text NOT NULL,
          status int,
          body jsonb,
          position text,
          claimed_at timestamptz NOT NULL DEFAULT now(),
          expires_at timestamptz NOT NULL,
          PRIMARY KEY (scope, key)
        )`,
      )
      .catch((error: { code?: string }) => {
        if (error.code !== '23505') throw error;
      });
  }

  /** Claims the key, or tells what holds it: another request's fingerprint and, once it is done, its answer. */
  async claim(scope: string, key: string, fingerprint: string): Promise<Claim> {
    const claimId = randomUUID();
    const { rowCount } = await this.pool.query(
      `INSERT INTO http_idempotency_keys AS held (scope, key, claim_id, fingerprint, expires_at)
       VALUES ($1, $2, $3, $4, now() + interval '${KEEP_HOURS} hours')
       ON CONFLICT (scope, key) DO UPDATE SET claim_id = EXCLUDED.claim_id, fingerprint = EXCLUDED.fingerprint, status = NULL, body = NULL, position = NULL, claimed_at = now(), expires_at = EXCLUDED.expires_at
       WHERE held.expires_at <= now() OR (held.status IS NULL AND held.claimed_at < now() - interval '${ABANDONED_AFTER_SECONDS} seconds')`,
      [scope, key, claimId, fingerprint],
    );
    if (rowCount === 1) return { claimed: true, claimId };
    const { rows } = await this.pool.query<{
      fingerprint: string;
      status: number | null;
      body: unknown;
      position: string | null;
    }>('SELECT fingerprint, status, body, position FROM http_idempotency_keys WHERE scope = $1 AND key = $2', [
      scope,
      key,
    ]);
    const held = rows[0];
    // Released between the two statements: claim again.
    if (!held) return this.claim(scope, key, fingerprint);
    return {
      claimed: false,
      fingerprint: held.fingerprint,
      answer: held.status === null ? null : { status: held.status, body: held.body, position: held.position },
    };
  }

  async remember(scope: string, key: string, claimId: string, answer: RememberedAnswer): Promise<void> {
    await this.pool.query(
      'UPDATE http_idempotency_keys SET status = $4, body = $5, position = $6 WHERE scope = $1 AND key = $2 AND claim_id = $3',
      [scope, key, claimId, answer.status, JSON.stringify(answer.body ?? null), answer.position],
    );
  }

  /** Frees the key for a retry; only this claim's, never one a later request took over. */
  async release(scope: string, key: string, claimId: string): Promise<void> {
    await this.pool.query('DELETE FROM http_idempotency_keys WHERE scope = $1 AND key = $2 AND claim_id = $3', [
      scope,
      key,
      claimId,
    ]);
  }

  /**
   * Forgets the answers kept for an erased member (issue 24): those to his own requests, and
   * his registration's (made signed out, so scoped to the route, but naming his id).
   */
  async forgetMember(userId: string): Promise<void> {
    await this.pool.query(
      "DELETE FROM http_idempotency_keys WHERE scope = 'user:' || $1 OR strpos(body::text, $1) > 0",
      [userId],
    );
  }

  /** Deletes expired keys; answers how many. */
  async sweep(): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM http_idempotency_keys WHERE expires_at <= now()');
    return rowCount ?? 0;
  }
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** An idempotency store on its own small pool, schema ensured, expired keys swept hourly; `close` ends both. */
export async function openIdempotencyStore(
  databaseUrl: string,
): Promise<{ store: PostgresIdempotencyStore; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
  // PostgreSQL may shut down before we do; a dropped idle connection is not a crash.
  pool.on('error', () => undefined);
  const store = new PostgresIdempotencyStore(pool);
  await store.ensureSchema();
  const sweeper = setInterval(() => store.sweep().catch(() => undefined), SWEEP_EVERY_MS);
  sweeper.unref();
  return {
    store,
    close: async () => {
      clearInterval(sweeper);
      await pool.end();
    },
  };
}
