import pg from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';

const TABLE = 'rate_limits';

export type LimiterOptions = {
  /** Names the counter; keys of different limiters never meet. */
  name: string;
  points: number;
  durationSeconds: number;
  /** Once `points` are used up, the key stays refused this long (default: until the window ends). */
  blockSeconds?: number;
};

/**
 * Counters for rate limits in PostgreSQL (rate-limiter-flexible's store), one table shared
 * by every process on the database: a limit holds however many command processes answer,
 * and survives a restart. On its own small pool, so a burst of throttled requests does not
 * queue behind sessions or events.
 */
export class RateLimitStore {
  private constructor(private readonly pool: pg.Pool) {}

  /**
   * Opens the pool and creates the table (idempotently: replicas may race to it). Its
   * commits do not wait for the WAL to reach the disk: a counter is written on the way to
   * every rate-limited write (RAI's two quotas are two commits before a member's words are
   * stored), and each flush costs 2-4 ms here, more after an idle moment. A PostgreSQL crash
   * can forget the last fraction of a second of counts, letting a member a request or two
   * more; the app's own writes still wait for theirs.
   */
  static async open(databaseUrl: string): Promise<RateLimitStore> {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 5, options: '-c synchronous_commit=off' });
    // PostgreSQL may shut down before we do; a dropped idle connection is not a crash.
    pool.on('error', () => undefined);
    // This one creates the table, and alone sweeps expired counters (every 5 minutes, on an unref'd timer).
    await new Promise<void>((resolve, reject) => {
      new RateLimiterPostgres(
        { storeClient: pool, storeType: 'pool', tableName: TABLE, keyPrefix: 'sweeper', points: 1, duration: 1 },
        (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve()),
      );
    });
    return new RateLimitStore(pool);
  }

  limiter(options: LimiterOptions): RateLimiterPostgres {
    return new RateLimiterPostgres({
      storeClient: this.pool,
      storeType: 'pool',
      tableName: TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: options.name,
      points: options.points,
      duration: options.durationSeconds,
      blockDuration: options.blockSeconds ?? 0,
    });
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
