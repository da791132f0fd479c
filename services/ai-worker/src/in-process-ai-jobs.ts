import { setTimeout as sleep } from 'node:timers/promises';
import type { AiJob, AiJobOutcome } from '@reflections/contracts/ai-jobs';
import { logger } from '@reflections/platform/log/logger';
import {
  AiJobFailedError,
  type AiJobClient,
  type AiJobRequestOptions,
  AiJobTimeoutError,
  firstAttemptChunks,
} from '@reflections/ai-client/ai-job-client';
import { attemptJob, concurrencyLimit, type JobHandlers } from './job-execution';

type Run = { chunkListeners: Set<(delivery: number, text: string) => void>; outcome: Promise<AiJobOutcome> };

export type InProcessAiJobs = AiJobClient & {
  /** Resolves when no job is running (tests, shutdown). */
  idle: () => Promise<void>;
};

/**
 * The AI worker in the same process, behind the same interface as on NATS (the embedded
 * mode without NATS_URL): the same handlers, the same deliveries and retries, at most
 * `concurrency` jobs at once. A job keeps running after its requester stopped waiting,
 * so the reply still lands in the journal. A job already running is joined, not rerun.
 */
export function inProcessAiJobs(
  handlers: JobHandlers,
  options: { timeoutMs: number; concurrency: number; retryDelayMs?: number },
): InProcessAiJobs {
  const runs = new Map<string, Run>();
  const slots = concurrencyLimit(options.concurrency);

  const start = (job: AiJob): Run => {
    const chunkListeners = new Set<(delivery: number, text: string) => void>();
    const outcome = (async (): Promise<AiJobOutcome> => {
      await slots.acquire();
      try {
        for (let delivery = 1; ; delivery++) {
          const attempt = await attemptJob(handlers, job, delivery, (text) =>
            chunkListeners.forEach((listener) => listener(delivery, text)),
          );
          if (attempt.status !== 'retry') {
            if (!attempt.outcome.ok)
              logger.warn({ jobId: job.jobId, kind: job.kind, reason: attempt.outcome.error }, 'ai job failed');
            return attempt.outcome;
          }
          await sleep(options.retryDelayMs ?? 2000);
        }
      } finally {
        slots.release();
        runs.delete(job.jobId);
      }
    })();
    const run = { chunkListeners, outcome };
    runs.set(job.jobId, run);
    return run;
  };

  const idle = async () => {
    while (runs.size > 0) await Promise.allSettled([...runs.values()].map((run) => run.outcome));
  };

  return {
    request: async <R>(kind: string, payload: unknown, request: AiJobRequestOptions): Promise<R> => {
      const run =
        runs.get(request.jobId) ??
        start({
          jobId: request.jobId,
          kind,
          correlationId: request.correlationId,
          requestedBy: request.requestedBy,
          replyTo: null,
          payload,
          newJobId: request.newJobId ?? false,
        });
      const listener = firstAttemptChunks(request.onChunk);
      run.chunkListeners.add(listener);
      let timer: NodeJS.Timeout | undefined;
      try {
        const timedOut = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new AiJobTimeoutError(request.jobId)), options.timeoutMs);
        });
        const outcome = await Promise.race([run.outcome, timedOut]);
        if (!outcome.ok) throw new AiJobFailedError(request.jobId, outcome.error);
        return outcome.result as R;
      } finally {
        clearTimeout(timer);
        run.chunkListeners.delete(listener);
      }
    },
    idle,
    close: idle,
  };
}
