import { LRUCache } from 'lru-cache';
import pg from 'pg';

/** The channel every session store announces a changed or ended session on; the payload is the session's key. */
export const SESSIONS_CHANGED = 'http_sessions_changed';

type CachedSession = { data: Record<string, unknown>; expiresAt: number };

const RECONNECT_MS = 1_000;

/**
 * Sessions this process has read, kept so a signed-in request costs no database round trip.
 * Trusted only while this process LISTENs to every store's announcements: a session signed
 * out on any replica is forgotten here as soon as its NOTIFY arrives (on this process, before
 * the sign-out answers). While the listening connection is down nothing is served from memory,
 * and everything remembered is dropped, because announcements may have been missed meanwhile.
 */
export class SessionCache {
  private readonly entries = new LRUCache<string, CachedSession>({ max: 10_000 });
  private listener: pg.Client | null = null;
  private stopped = false;
  private reconnect: NodeJS.Timeout | null = null;
  /** Bumped by every change heard; a read that raced one is not remembered. */
  private changes = 0;

  constructor(private readonly connectionString: string) {}

  /** The remembered session, or null when it must be read from the database. */
  lookup(key: string): Record<string, unknown> | null {
    if (!this.listener) return null;
    const cached = this.entries.get(key);
    if (!cached) return null;
    if (cached.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return null;
    }
    return cached.data;
  }

  /** A mark to hand back to `remember`, taken before the database read. */
  mark(): number {
    return this.changes;
  }

  /** Remembers a session read from the database, unless a change was heard since `mark`. */
  remember(key: string, session: CachedSession, mark: number) {
    if (this.listener && mark === this.changes) this.entries.set(key, session);
  }

  forget(key: string) {
    this.changes++;
    this.entries.delete(key);
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
      if (message.channel === SESSIONS_CHANGED && message.payload) this.forget(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSIONS_CHANGED}`);
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
  }
}
