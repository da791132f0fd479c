import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Each member's data key, outside the event log (crypto-shredding, issue 24). A row is created
 * the first time one of his events is appended. Erasing him deletes the key and its id and keeps
 * a tombstone (member id, erased_at), so no process ever makes him a new key; without the key
 * id nothing links the ciphertexts in the log back to him.
 */
export const MEMBER_KEYS_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS es_member_keys (
  member_id text PRIMARY KEY,
  key_id uuid UNIQUE,
  data_key bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  erased_at timestamptz,
  CONSTRAINT es_member_keys_erased_or_keyed CHECK ((erased_at IS NULL) = (data_key IS NOT NULL AND key_id IS NOT NULL))
);
`;

const ERASED_CHANNEL = 'es_member_key_erased';
const KEY_CACHE_MS = 30_000;

export type MemberKey = { readonly keyId: string; readonly key: Buffer };

export class MemberKeys {
  /** Key id -> key, or null for a key that no longer exists (erased: ids are never reused, so that stays true). */
  private readonly byKeyId = new Map<string, Buffer | null>();
  /** Member id -> his key, or null once he is erased. */
  private readonly byMember = new Map<string, MemberKey | null>();
  private cachedSince = Date.now();
  private readonly erasedListeners = new Set<() => void>();
  private listener: pg.Client | null = null;

  private constructor(private readonly pool: pg.Pool) {}

  /**
   * Creates the table if it is missing and listens for erasures made by other processes, which
   * drop the erased key from this one's cache. A cached key is also read again after
   * KEY_CACHE_MS, so a notice lost while the listener was down cannot keep a key alive.
   */
  static async connect(options: { connectionString: string }): Promise<MemberKeys> {
    const pool = new pg.Pool({ connectionString: options.connectionString, max: 2 });
    pool.on('error', () => undefined);
    const keys = new MemberKeys(pool);
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(7412002)');
      await client.query(MEMBER_KEYS_SCHEMA_SQL);
    } finally {
      await client.query('SELECT pg_advisory_unlock(7412002)').catch(() => undefined);
      client.release();
    }
    const listener = new pg.Client({ connectionString: options.connectionString });
    listener.on('error', () => undefined);
    listener.on('notification', (message) => keys.forget(message.payload ?? ''));
    await listener.connect();
    await listener.query(`LISTEN ${ERASED_CHANNEL}`);
    keys.listener = listener;
    return keys;
  }

  /** His key, created on first use; null once he is erased. */
  async keyOf(memberId: string): Promise<MemberKey | null> {
    this.expireCache();
    const cached = this.byMember.get(memberId);
    if (cached !== undefined) return cached;
    type KeyRow = { key_id: string | null; data_key: Buffer | null };
    // One round trip: the row made now, or the one already there. Only a row another process
    // committed while this statement ran is found by neither (its snapshot predates it): read it then.
    let { rows } = await this.pool.query<KeyRow>({
      name: 'es-member-key',
      text: `WITH made AS (
         INSERT INTO es_member_keys (member_id, key_id, data_key) VALUES ($1, $2, $3)
         ON CONFLICT (member_id) DO NOTHING RETURNING key_id, data_key)
       SELECT key_id, data_key FROM made UNION ALL SELECT key_id, data_key FROM es_member_keys WHERE member_id = $1`,
      values: [memberId, randomUUID(), randomBytes(32)],
    });
    if (rows.length === 0)
      ({ rows } = await this.pool.query<KeyRow>('SELECT key_id, data_key FROM es_member_keys WHERE member_id = $1', [
        memberId,
      ]));
    const row = rows[0];
    const found = row?.key_id && row.data_key ? { keyId: row.key_id, key: row.data_key } : null;
    this.byMember.set(memberId, found);
    if (found) this.byKeyId.set(found.keyId, found.key);
    return found;
  }

  /** The keys of these ids, null for an erased one; one query for those not cached. */
  async keysById(keyIds: Iterable<string>): Promise<ReadonlyMap<string, Buffer | null>> {
    this.expireCache();
    const missing = [...new Set(keyIds)].filter((keyId) => !this.byKeyId.has(keyId));
    if (missing.length > 0) {
      const { rows } = await this.pool.query<{ key_id: string; data_key: Buffer }>(
        'SELECT key_id, data_key FROM es_member_keys WHERE key_id = ANY($1::uuid[])',
        [missing],
      );
      for (const keyId of missing) this.byKeyId.set(keyId, null);
      for (const row of rows) this.byKeyId.set(row.key_id, row.data_key);
    }
    return this.byKeyId;
  }

  /** Destroys his key for good and tells every process; a tombstone keeps anyone from making him another. */
  async erase(memberId: string): Promise<void> {
    const client = await this.pool.connect();
    let keyId: string | null = null;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ key_id: string | null }>(
        'SELECT key_id FROM es_member_keys WHERE member_id = $1 FOR UPDATE',
        [memberId],
      );
      keyId = rows[0]?.key_id ?? null;
      await client.query(
        `INSERT INTO es_member_keys (member_id, key_id, data_key, erased_at) VALUES ($1, NULL, NULL, now())
         ON CONFLICT (member_id) DO UPDATE SET key_id = NULL, data_key = NULL, erased_at = coalesce(es_member_keys.erased_at, now())`,
        [memberId],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    this.byMember.set(memberId, null);
    this.erasedListeners.forEach((listener) => listener());
    if (keyId) {
      this.byKeyId.set(keyId, null);
      await this.pool.query('SELECT pg_notify($1, $2)', [ERASED_CHANNEL, keyId]);
    }
  }

  /** Live keys are forgotten every KEY_CACHE_MS; erased ones stay known (an erased key never returns). */
  private expireCache() {
    if (Date.now() - this.cachedSince < KEY_CACHE_MS) return;
    this.cachedSince = Date.now();
    for (const [keyId, key] of this.byKeyId) if (key) this.byKeyId.delete(keyId);
    for (const [memberId, key] of this.byMember) if (key) this.byMember.delete(memberId);
  }

  /** Called after any erasure this process hears of (its own or another's). */
  onErased(listener: () => void): void {
    this.erasedListeners.add(listener);
  }

  private forget(keyId: string) {
    if (!keyId) return;
    this.erasedListeners.forEach((listener) => listener());
    this.byKeyId.set(keyId, null);
    for (const [memberId, key] of this.byMember) if (key?.keyId === keyId) this.byMember.set(memberId, null);
  }

  async close(): Promise<void> {
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
  }
}
