import type { Middleware } from 'koa';
import type { ServiceMetrics } from '../observability/service-metrics';

type Bucket = { second: number; count: number; errors: number; totalMs: number };

export type MetricsSnapshot = {
  /** Answers counted in the window. */
  requests: number;
  /** Mean time to answer, in milliseconds (0 without answers). */
  avgResponseTimeMs: number;
  /** Percent of answers that were server errors (5xx). */
  errorRatePercent: number;
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
    this.buckets = Array.from({ length: windowSeconds }, () => ({ second: -1, count: 0, errors: 0, totalMs: 0 }));
  }

  record(durationMs: number, status: number): void {
    const second = Math.floor(this.clock() / 1000);
    const bucket = this.buckets[second % this.windowSeconds];
    if (bucket.second !== second) Object.assign(bucket, { second, count: 0, errors: 0, totalMs: 0 });
    bucket.count += 1;
    bucket.totalMs += durationMs;
    if (status >= 500) bucket.errors += 1;
  }

  snapshot(): MetricsSnapshot {
    const now = Math.floor(this.clock() / 1000);
    let count = 0;
    let errors = 0;
    let totalMs = 0;
    for (const bucket of this.buckets) {
      if (bucket.second <= now - this.windowSeconds || bucket.second > now) continue;
      count += bucket.count;
      errors += bucket.errors;
      totalMs += bucket.totalMs;
    }
    return {
      requests: count,
      avgResponseTimeMs: count === 0 ? 0 : Math.round(totalMs / count),
      errorRatePercent: count === 0 ? 0 : Math.round((errors / count) * 10_000) / 100,
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
        this.prometheus?.observeRequest(ctx.method, typeof route === 'string' ? route : 'unmatched', ctx.status, ms / 1000);
      }
    };
  }
}
