import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { logger } from '../log/logger';

const RECONNECT_MS = 1_000;

/**
 * Values this process has read from the database, kept so a request costs no round trip,
 * and forgotten as soon as any process announces a change of their key on `channel`
 * (PostgreSQL's NOTIFY, which the writer sends after its change has committed). Trusted only
 * while this process LISTENs: while the listening connection is down nothing is served from
 * memory, and on every (re)connection everything remembered is dropped, because
 * announcements may have been missed meanwhile. `ttlMs` bounds how long a value is trusted
 * even so, for a writer that stopped between its commit and its announcement.
 */
export class AnnouncedCache<V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, V>;
  /** Sends this process's announcements; apart from the listener, which may be down while the database is not. */
  private readonly announcer: pg.Pool;
  private listener: pg.Client | null = null;
  private stopped = false;
  private reconnect: NodeJS.Timeout | null = null;
  /** Bumped by every change heard; a read that raced one is not remembered. */
  private changes = 0;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    options: { max: number; ttlMs?: number },
  ) {
    this.entries = new LRUCache<string, V>({ max: options.max, ...(options.ttlMs ? { ttl: options.ttlMs } : {}) });
    this.announcer = new pg.Pool({ connectionString, max: 1, idleTimeoutMillis: 10_000 });
    // A dropped idle connection is not a crash; the next announcement opens another.
    this.announcer.on('error', () => undefined);
  }

  /** The remembered value, or undefined when it must be read from the database. */
  lookup(key: string): V | undefined {
    return this.listener ? this.entries.get(key) : undefined;
  }

  /** A mark to hand back to `remember`, taken before the database read. */
  mark(): number {
    return this.changes;
  }

  /** Remembers a value read from the database, unless a change was heard since `mark`; `ttlMs` overrides the cache's. */
  remember(key: string, value: V, mark: number, ttlMs?: number) {
    if (this.listener && mark === this.changes) this.entries.set(key, value, ttlMs === undefined ? {} : { ttl: ttlMs });
  }

  /** The remembered value, or the one `read` finds (remembered unless a change is heard meanwhile). */
  async readThrough(key: string, read: () => Promise<V>): Promise<V> {
    const cached = this.lookup(key);
    if (cached !== undefined) return cached;
    const mark = this.mark();
    const value = await read();
    this.remember(key, value, mark);
    return value;
  }

  forget(key: string) {
    this.changes++;
    this.entries.delete(key);
  }

  /**
   * Call after a change of `key` has committed: forgets it here at once, and on every other
   * listening process when the NOTIFY reaches it.
   */
  async announce(key: string): Promise<void> {
    this.forget(key);
    await this.announcer.query('SELECT pg_notify($1, $2)', [this.channel, key]);
  }

  private forgetAll() {
    this.changes++;
    this.entries.clear();
  }

  /** Starts listening; resolves once the first LISTEN is in place (or has failed, and a retry is scheduled). */
  async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    const lost = () => {
      if (this.listener === client) this.listener = null;
      this.forgetAll();
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (!this.stopped && !this.reconnect) {
        this.reconnect = setTimeout(() => {
          this.reconnect = null;
          void this.listen();
        }, RECONNECT_MS);
        this.reconnect.unref();
      }
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      this.forget(message.payload);
      // At debug level: how a test (or an operator) sees that this replica, not only the database, heard it.
      logger.debug({ channel: this.channel, key: message.payload }, 'announced change heard');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.stopped) {
        await client.end();
        return;
      }
      // Whatever was remembered before this connection may have missed an announcement.
      this.forgetAll();
      this.listener = client;
    } catch {
      lost();
    }
  }

  async stop() {
    this.stopped = true;
    if (this.reconnect) clearTimeout(this.reconnect);
    const client = this.listener;
    this.listener = null;
    this.forgetAll();
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
    await this.announcer.end().catch(() => undefined);
  }
}
