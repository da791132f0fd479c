import type { ServiceMetrics } from '@reflections/platform/observability/service-metrics';
import type { RequestMetrics } from '@reflections/platform/http/request-metrics';

/** What a worker reports of its jobs, for /metrics: counts and durations only. */
export type WorkerMetrics = {
  started: (delivery: number) => void;
  finished: (status: 'answered' | 'retry' | 'failed', seconds: number) => void;
};

/**
 * Jobs in flight, deliveries after the first (a worker died or a job failed), jobs by
 * outcome, how long each took (the model's answer, mostly), and the shared queue's depth
 * as JetStream counts it (`queue` is read at each scrape). `jobTimes` counts each job as
 * system health counts a request (a failed one as an error), for the worker's heartbeat.
 */
export function workerMetrics(
  metrics: ServiceMetrics,
  queue: () => Promise<{ waiting: number; unacknowledged: number }>,
  jobTimes?: RequestMetrics,
): WorkerMetrics {
  const inFlight = metrics.gauge('ai_jobs_in_flight', 'Jobs this worker is handling now.', []);
  const redeliveries = metrics.counter(
    'ai_job_redeliveries_total',
    'Jobs this worker received again after an earlier delivery (a worker died, or the job failed).',
  );
  const outcomes = metrics.counter(
    'ai_jobs_total',
    'Jobs this worker finished, by outcome (answered, retry, failed).',
    ['outcome'],
  );
  const duration = metrics.histogram(
    'ai_job_duration_seconds',
    'Time to handle one job, the model call included.',
    [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40],
  );
  let depth: Promise<{ waiting: number; unacknowledged: number }> | null = null;
  const depthOnce = () => {
    depth ??= queue().finally(() => setImmediate(() => (depth = null)));
    return depth;
  };
  metrics.gauge('ai_queue_depth', 'Jobs waiting in the shared queue for any worker.', [], async (gauge) =>
    gauge.set((await depthOnce()).waiting),
  );
  metrics.gauge('ai_queue_unacknowledged', 'Jobs handed to a worker and not yet acknowledged.', [], async (gauge) =>
    gauge.set((await depthOnce()).unacknowledged),
  );
  return {
    started: (delivery) => {
      inFlight.inc();
      if (delivery > 1) redeliveries.inc();
    },
    finished: (status, seconds) => {
      inFlight.dec();
      outcomes.inc({ outcome: status });
      duration.observe(seconds);
      jobTimes?.record(seconds * 1000, status === 'failed' ? 500 : 200);
    },
  };
}
