import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

type Labels = readonly string[];

/**
 * One service's Prometheus metrics (prom-client), served at /metrics on its own port (see
 * ops-endpoints.ts), never through the public proxy: the process's own figures, every
 * answer by route and status (request rate, error rate: status 5xx), latency by route, and
 * whatever figures the service adds (projector lag, queue depth, ...). Counts only: no
 * label ever carries a member's id or words.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<string>;
  private readonly latency: Histogram<string>;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.requests = this.counter('http_requests_total', 'HTTP answers by method, route and status.', [
      'method',
      'route',
      'status',
    ]);
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by method and route.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
  }

  /** `route` is the router's pattern (`/api/forum/posts/:postId`), never the path a client sent. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
  }

  counter(name: string, help: string, labelNames: Labels = []): Counter<string> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** `collect` runs at each scrape and sets the gauge's values. */
  gauge(
    name: string,
    help: string,
    labelNames: Labels,
    collect?: (gauge: Gauge<string>) => Promise<void> | void,
  ): Gauge<string> {
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      ...(collect
        ? {
            collect: async function (this: Gauge<string>) {
              await collect(this);
            },
          }
        : {}),
    });
  }

  histogram(name: string, help: string, buckets: number[]): Histogram<string> {
    return new Histogram({ name, help, buckets, registers: [this.registry] });
  }
}
