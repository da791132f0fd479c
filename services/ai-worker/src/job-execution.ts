import { AI_JOB_MAX_DELIVERIES, type AiJob, type AiJobOutcome } from '@reflections/contracts/ai-jobs';

export type JobTools = {
  /** Publishes a piece of the reply as it is written. */
  emitChunk: (text: string) => void;
  /** False when nobody listens to the pieces: a handler may skip the work of cutting them. */
  streaming: boolean;
  delivery: number;
  /** True on the last delivery: a handler that fails now fails for good, and records it. */
  lastDelivery: boolean;
};

export type JobHandler = (job: AiJob, tools: JobTools) => Promise<unknown>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** A failure no retry can mend (a malformed payload): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export type AttemptResult =
  | { status: 'answered'; outcome: AiJobOutcome }
  /** Failed for good: the outcome goes to the requester and to ai.failures. */
  | { status: 'failed'; outcome: AiJobOutcome }
  | { status: 'retry'; error: string };

/**
 * One delivery of a job, the same on NATS and in-process: run its kind's handler; a
 * failure before the last delivery asks for a retry, at the last it is final.
 */
export async function attemptJob(
  handlers: JobHandlers,
  job: AiJob,
  delivery: number,
  emitChunk: ((text: string) => void) | null,
): Promise<AttemptResult> {
  const handler = handlers[job.kind];
  if (!handler)
    return {
      status: 'failed',
      outcome: { jobId: job.jobId, ok: false, error: `no handler for job kind ${job.kind}`, deliveries: delivery },
    };
  const lastDelivery = delivery >= AI_JOB_MAX_DELIVERIES;
  try {
    const result = await handler(job, {
      emitChunk: emitChunk ?? (() => undefined),
      streaming: emitChunk !== null,
      delivery,
      lastDelivery,
    });
    return { status: 'answered', outcome: { jobId: job.jobId, ok: true, result } };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!lastDelivery && !(error instanceof PermanentJobError)) return { status: 'retry', error: message };
    return { status: 'failed', outcome: { jobId: job.jobId, ok: false, error: message, deliveries: delivery } };
  }
}

/** At most `limit` tasks at once; `acquire` waits for a free slot, which `release` hands straight to the next waiter. */
export function concurrencyLimit(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    acquire: async () => {
      if (active < limit) {
        active += 1;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release: () => {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    },
    /** Takes every slot that is free now, without waiting; returns how many. */
    takeFree: () => {
      const free = limit - active;
      active = limit;
      return free;
    },
  };
}
