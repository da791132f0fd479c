import { hostname } from 'node:os';
import pg from 'pg';
import { errorRatePercent, latencyQuantileMs, type RequestMetrics } from '../http/request-metrics';
import { logger } from '../log/logger';

/** How often each process writes its figures. */
export const HEARTBEAT_INTERVAL_MS = 5000;
/** An instance whose last heartbeat is older than this has stopped (or cannot reach the database): it is left out. */
export const FRESH_SECONDS = 30;

/** One process's figures as it last wrote them, with its latency bins (LATENCY_BOUNDS_MS) so instances add up. */
export type InstanceHealth = {
  service: string;
  instance: string;
  counts: Counted;
  uptimeSeconds: number;
  requests: number;
  errors: number;
  totalMs: number;
  latencyBins: number[];
};

/** What a process counts: answers to HTTP requests, or jobs (the AI worker: a failed job is an error). */
export type Counted = 'requests' | 'jobs';

export type ServiceHeartbeat = {
  /** Writes the figures now (the timer does it every HEARTBEAT_INTERVAL_MS). */
  beat: () => Promise<void>;
  /** Stops the timer and removes this instance's row: a process that stopped cleanly is gone at once. */
  stop: () => Promise<void>;
};

/**
 * Every process publishes its own figures in one small table every few seconds (one UPSERT,
 * nothing per request), so any query replica can answer system health for all of them
 * (issue 28). Like the other tables of the plumbing, the writer creates it.
 */
export async function startServiceHeartbeat(options: {
  databaseUrl: string;
  /** What the admin panel calls this process: 'command', 'query', or what one process serves ('command + query'). */
  service: string;
  metrics: RequestMetrics;
  /** 'requests' unless said otherwise. */
  counts?: Counted;
  intervalMs?: number;
}): Promise<ServiceHeartbeat> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
  // PostgreSQL may shut down before we do; a dropped idle connection is not a crash.
  pool.on('error', () => undefined);
  const instance = `${hostname()}:${process.pid}`;
  await pool
    .query(
      `CREATE TABLE IF NOT EXISTS service_health (
        service text NOT NULL,
        instance text NOT NULL,
        counts text NOT NULL,
        uptime_seconds int NOT NULL,
        requests int NOT NULL,
        errors int NOT NULL,
        total_ms double precision NOT NULL,
        latency_bins int[] NOT NULL,
        beat_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (service, instance)
      )`,
    )
    .catch((error: { code?: string }) => {
      // Processes starting together on a fresh database race to create it: one wins, the rest see it.
      if (error.code !== '23505') throw error;
    });
  // Rows of processes that were killed stay behind; they are ignored once stale and removed after a day.
  await pool.query("DELETE FROM service_health WHERE beat_at < now() - interval '1 day'");
  let failing = false;
  const write = async () => {
    const snapshot = options.metrics.snapshot();
    try {
      await pool.query(
        `INSERT INTO service_health (service, instance, counts, uptime_seconds, requests, errors, total_ms, latency_bins, beat_at)
         VALUES ($1, $2, $8, $3, $4, $5, $6, $7, now())
         ON CONFLICT (service, instance) DO UPDATE SET counts = EXCLUDED.counts, uptime_seconds = EXCLUDED.uptime_seconds, requests = EXCLUDED.requests, errors = EXCLUDED.errors,
           total_ms = EXCLUDED.total_ms, latency_bins = EXCLUDED.latency_bins, beat_at = now()`,
        [
          options.service,
          instance,
          Math.floor(process.uptime()),
          snapshot.requests,
          snapshot.errors,
          snapshot.avgResponseTimeMs * snapshot.requests,
          snapshot.latencyBins,
          options.counts ?? 'requests',
        ],
      );
      if (failing) logger.warn({ service: options.service }, 'service health heartbeat is written again');
      failing = false;
    } catch (error) {
      // Said once per outage, not every few seconds; readiness reports the database anyway.
      if (!failing)
        logger.warn({ service: options.service, err: error }, 'service health heartbeat could not be written');
      failing = true;
    }
  };
  // One write at a time, in order: a slow database skips beats instead of piling them up, and stop waits for the last.
  let last: Promise<void> = Promise.resolve();
  let pending = 0;
  const beat = () => {
    pending += 1;
    last = last.then(write).finally(() => (pending -= 1));
    return last;
  };
  await beat();
  const timer = setInterval(() => {
    if (pending === 0) void beat();
  }, options.intervalMs ?? HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return {
    beat,
    stop: async () => {
      clearInterval(timer);
      await last;
      await pool
        .query('DELETE FROM service_health WHERE service = $1 AND instance = $2', [options.service, instance])
        .catch(() => undefined);
      await pool.end();
    },
  };
}

type Execute = (sql: string) => Promise<unknown[]>;

type Row = {
  service: string;
  instance: string;
  counts: Counted;
  uptime_seconds: number;
  requests: number;
  errors: number;
  total_ms: number;
  latency_bins: number[];
};

/** Every instance that wrote a heartbeat in the last FRESH_SECONDS, by service and instance (none before any process wrote one). */
export async function liveInstances(execute: Execute): Promise<InstanceHealth[]> {
  const rows = (await execute(
    `SELECT service, instance, counts, uptime_seconds + floor(extract(epoch FROM now() - beat_at))::int AS uptime_seconds, requests, errors, total_ms, latency_bins
     FROM service_health WHERE beat_at > now() - interval '${FRESH_SECONDS} seconds' ORDER BY service, instance`,
  ).catch((error: { code?: string }) => {
    if (error.code === '42P01') return [];
    throw error;
  })) as Row[];
  return rows.map((row) => ({
    service: row.service,
    instance: row.instance,
    counts: row.counts,
    uptimeSeconds: row.uptime_seconds,
    requests: row.requests,
    errors: row.errors,
    totalMs: row.total_ms,
    latencyBins: row.latency_bins,
  }));
}

export type HealthTotals = {
  instances: number;
  uptimeSeconds: number;
  requests: number;
  errors: number;
  avgMs: number;
  errorRatePercent: number;
  p50Ms: number;
  p99Ms: number;
};

/** The figures of several instances as one: uptime of the longest-running, requests and errors summed, percentiles of the merged bins. */
export function totalsOf(instances: readonly InstanceHealth[]): HealthTotals {
  const requests = instances.reduce((sum, i) => sum + i.requests, 0);
  const errors = instances.reduce((sum, i) => sum + i.errors, 0);
  const totalMs = instances.reduce((sum, i) => sum + i.totalMs, 0);
  const bins = instances.reduce<number[]>((sum, i) => i.latencyBins.map((n, k) => n + (sum[k] ?? 0)), []);
  return {
    instances: instances.length,
    uptimeSeconds: Math.max(0, ...instances.map((i) => i.uptimeSeconds)),
    requests,
    errors,
    avgMs: requests === 0 ? 0 : Math.round(totalMs / requests),
    errorRatePercent: errorRatePercent(errors, requests),
    p50Ms: latencyQuantileMs(bins, 0.5),
    p99Ms: latencyQuantileMs(bins, 0.99),
  };
}
