import type { Middleware } from 'koa';
import type { ServiceMetrics } from '../observability/service-metrics';

type Bucket = { second: number; count: number; errors: number; totalMs: number; latency: number[] };

/**
 * Upper bounds of the latency bins, in milliseconds: ten per decade from 1 ms to 100 s, so a
 * percentile read from the bins is within a quarter of the true one, and the bins of many
 * processes add up (system health merges every instance's).
 */
export const LATENCY_BOUNDS_MS: readonly number[] = Array.from(
  { length: 51 },
  (_, i) => Math.round(10 ** (i / 10) * 100) / 100,
);

const emptyLatency = () => new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0);

/** The q-quantile (0 < q <= 1) of answers binned by LATENCY_BOUNDS_MS, as its bin's upper bound in whole milliseconds (0 without answers). */
export function latencyQuantileMs(bins: readonly number[], q: number): number {
  const total = bins.reduce((sum, n) => sum + n, 0);
  if (total === 0) return 0;
  let seen = 0;
  for (let i = 0; i < bins.length; i++) {
    seen += bins[i];
    if (seen >= q * total) return Math.ceil(LATENCY_BOUNDS_MS[Math.min(i, LATENCY_BOUNDS_MS.length - 1)]);
  }
  return Math.ceil(LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1]);
}

/** Percent of answers that were server errors, to two decimals (0 without answers). */
export const errorRatePercent = (errors: number, answers: number) =>
  answers === 0 ? 0 : Math.round((errors / answers) * 10_000) / 100;

/** A loop rather than findIndex: no closure per answer. */
const binOf = (ms: number) => {
  for (let i = 0; i < LATENCY_BOUNDS_MS.length; i++) if (ms <= LATENCY_BOUNDS_MS[i]) return i;
  return LATENCY_BOUNDS_MS.length;
};

export type MetricsSnapshot = {
  /** Answers counted in the window. */
  requests: number;
  /** Mean time to answer, in milliseconds (0 without answers). */
  avgResponseTimeMs: number;
  /** Percent of answers that were server errors (5xx). */
  errorRatePercent: number;
  /** Server errors (5xx) in the window. */
  errors: number;
  /** Answers per bin of LATENCY_BOUNDS_MS (the last bin: slower than 100 s). */
  latencyBins: number[];
};

/**
 * Response times and server errors over a sliding window of whole seconds: one bucket
 * per second in a ring, so recording and reading cost the same however busy it is.
 */
export class RequestMetrics {
  private readonly buckets: Bucket[];

  constructor(
    private readonly windowSeconds = 300,
    private readonly clock: () => number = Date.now,
    /** Also counted here, by route, for /metrics. */
    private readonly prometheus?: ServiceMetrics,
  ) {
    this.buckets = Array.from({ length: windowSeconds }, () => ({
      second: -1,
      count: 0,
      errors: 0,
      totalMs: 0,
      latency: emptyLatency(),
    }));
  }

  record(durationMs: number, status: number): void {
    const second = Math.floor(this.clock() / 1000);
    const bucket = this.buckets[second % this.windowSeconds];
    if (bucket.second !== second)
      Object.assign(bucket, { second, count: 0, errors: 0, totalMs: 0, latency: emptyLatency() });
    bucket.count += 1;
    bucket.latency[binOf(durationMs)] += 1;
    bucket.totalMs += durationMs;
    if (status >= 500) bucket.errors += 1;
  }

  snapshot(): MetricsSnapshot {
    const now = Math.floor(this.clock() / 1000);
    let count = 0;
    let errors = 0;
    let totalMs = 0;
    const latencyBins = emptyLatency();
    for (const bucket of this.buckets) {
      if (bucket.second <= now - this.windowSeconds || bucket.second > now) continue;
      count += bucket.count;
      errors += bucket.errors;
      totalMs += bucket.totalMs;
      bucket.latency.forEach((n, i) => (latencyBins[i] += n));
    }
    return {
      requests: count,
      avgResponseTimeMs: count === 0 ? 0 : Math.round(totalMs / count),
      errorRatePercent: errorRatePercent(errors, count),
      errors,
      latencyBins,
    };
  }

  /** Put it above the error middleware, so answers the error middleware writes count too. */
  middleware(): Middleware {
    return async (ctx, next) => {
      const started = performance.now();
      try {
        await next();
      } finally {
        const ms = performance.now() - started;
        this.record(ms, ctx.status);
        // The router's pattern, not the path: a label per member id would have no end.
        const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
        this.prometheus?.observeRequest(
          ctx.method,
          typeof route === 'string' ? route : 'unmatched',
          ctx.status,
          ms / 1000,
        );
      }
    };
  }
}
