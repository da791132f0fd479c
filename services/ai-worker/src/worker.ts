import { jetstream, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { AI_JOB_FAILURES_SUBJECT, AI_JOBS_STREAM, AI_WORKER_CONSUMER, AiJob, type AiJobChunk, type AiJobOutcome } from '@reflections/contracts/ai-jobs';
import { aiJobChunksSubject } from '@reflections/contracts/rai';
import { attemptJob, concurrencyLimit, type JobHandlers } from './job-execution';

export type { JobHandler, JobTools } from './job-execution';

export type Worker = { stop: () => Promise<void>; done: Promise<void> };

export type WorkerOptions = {
  retryDelayMs?: number;
  /** Jobs handled at once (AI_WORKER_CONCURRENCY). */
  concurrency?: number;
};

/**
 * Pulls jobs from the shared durable consumer and handles up to `concurrency` at once.
 * A handled job is answered on its reply subject and acked; a failing one is retried with
 * a delay and, at its last delivery, reported on ai.failures and terminated. A job nobody
 * can handle is reported at once. While a job runs the worker tells JetStream it is still
 * working, so only a worker that died has its jobs redelivered.
 */
export async function startWorker(nc: NatsConnection, handlers: JobHandlers, options: WorkerOptions = {}): Promise<Worker> {
  const concurrency = options.concurrency ?? 8;
  const consumer = await jetstream(nc).consumers.get(AI_JOBS_STREAM, AI_WORKER_CONSUMER);
  const ackWaitMs = Number((await consumer.info(true)).config.ack_wait) / 1e6;
  const messages = await consumer.consume({ max_messages: concurrency });
  const publish = (subject: string | null, outcome: AiJobOutcome) => subject && nc.publish(subject, JSON.stringify(outcome));
  const slots = concurrencyLimit(concurrency);
  const inFlight = new Set<Promise<void>>();

  const handle = async (message: JsMsg) => {
    const decoded = AiJob.decode(safeJson(message));
    if (decoded._tag === 'Left') {
      publish(AI_JOB_FAILURES_SUBJECT, { jobId: 'unknown', ok: false, error: 'malformed job', deliveries: message.info.deliveryCount });
      return message.term('malformed job');
    }
    const job = decoded.right;
    const delivery = message.info.deliveryCount;
    const emitChunk = (text: string) => nc.publish(aiJobChunksSubject(job.jobId), JSON.stringify({ jobId: job.jobId, delivery, text } satisfies AiJobChunk));
    const heartbeat = setInterval(() => message.working(), Math.max(ackWaitMs / 3, 100));
    try {
      const attempt = await attemptJob(handlers, job, delivery, emitChunk);
      if (attempt.status === 'answered') {
        publish(job.replyTo, attempt.outcome);
        message.ack();
      } else if (attempt.status === 'retry') {
        message.nak(options.retryDelayMs ?? 2000);
      } else {
        publish(AI_JOB_FAILURES_SUBJECT, attempt.outcome);
        publish(job.replyTo, attempt.outcome);
        message.term(attempt.outcome.ok ? undefined : attempt.outcome.error);
      }
    } finally {
      clearInterval(heartbeat);
    }
  };

  const done = (async () => {
    for await (const message of messages) {
      await slots.acquire();
      const task = handle(message)
        .catch((error: unknown) => console.error('ai-worker: job handling failed:', error))
        .finally(() => {
          slots.release();
          inFlight.delete(task);
        });
      inFlight.add(task);
    }
    await Promise.all(inFlight);
  })();
  return {
    done,
    stop: async () => {
      await messages.close();
      await done;
    },
  };
}

function safeJson(message: JsMsg): unknown {
  try {
    return message.json();
  } catch {
    return undefined;
  }
}
