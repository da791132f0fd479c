import { setTimeout as sleep } from 'node:timers/promises';
import { type ConsumerMessages, jetstream, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  AI_JOB_FAILURES_SUBJECT,
  AiJob,
  type AiJobChunk,
  type AiJobOutcome,
  type JobQueueNames,
  jobQueueNames,
} from '@reflections/contracts/ai-jobs';
import { aiJobChunksSubject } from '@reflections/contracts/rai';
import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';
import { chunkBatcher } from './chunk-batcher';
import { attemptJob, concurrencyLimit, type JobHandlers } from './job-execution';
import type { WorkerMetrics } from './worker-metrics';

export type { JobHandler, JobTools } from './job-execution';

export type Worker = { stop: () => Promise<void>; done: Promise<void> };

export type WorkerOptions = {
  retryDelayMs?: number;
  /** Jobs handled at once (AI_WORKER_CONCURRENCY). */
  concurrency?: number;
  metrics?: WorkerMetrics;
  /** The queue's names (AI_QUEUE_PREFIX); the unprefixed ones by default. */
  names?: JobQueueNames;
};

/** How long one pull waits for jobs before it is renewed. */
const PULL_EXPIRES_MS = 30_000;

/**
 * Pulls jobs from the shared durable consumer and handles up to `concurrency` at once.
 * It asks JetStream only for as many jobs as it has free slots, so a busy worker never
 * holds queued jobs another worker could start, and no job waits in its buffer past its
 * ack wait. A handled job is answered on its reply subject and acked; a failing one is
 * retried with a delay and, at its last delivery, reported on ai.failures and terminated.
 * A job nobody can handle is reported at once. While a job runs the worker tells
 * JetStream it is still working, so only a worker that died has its jobs redelivered.
 */
export async function startWorker(
  nc: NatsConnection,
  handlers: JobHandlers,
  options: WorkerOptions = {},
): Promise<Worker> {
  const concurrency = options.concurrency ?? 8;
  const names = options.names ?? jobQueueNames();
  const consumer = await jetstream(nc).consumers.get(names.stream, names.consumer);
  const ackWaitMs = Number((await consumer.info(true)).config.ack_wait) / 1e6;
  const publish = (subject: string | null, outcome: AiJobOutcome) =>
    subject && nc.publish(subject, JSON.stringify(outcome));
  const slots = concurrencyLimit(concurrency);
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let pulling: ConsumerMessages | null = null;

  const handle = async (message: JsMsg) => {
    const decoded = AiJob.decode(safeJson(message));
    if (decoded._tag === 'Left') {
      publish(AI_JOB_FAILURES_SUBJECT, {
        jobId: 'unknown',
        ok: false,
        error: 'malformed job',
        deliveries: message.info.deliveryCount,
      });
      return message.term('malformed job');
    }
    const job = decoded.right;
    const delivery = message.info.deliveryCount;
    const subject = aiJobChunksSubject(job.jobId);
    // A requester that does not listen gets no pieces: publishing them would cost every job CPU for nothing.
    const chunks = chunkBatcher((text) =>
      nc.publish(subject, JSON.stringify({ jobId: job.jobId, delivery, text } satisfies AiJobChunk)),
    );
    const emitChunk = job.chunksWanted === false ? null : chunks.push;
    const heartbeat = setInterval(() => message.working(), Math.max(ackWaitMs / 3, 100));
    let attempt: Awaited<ReturnType<typeof attemptJob>>;
    const started = performance.now();
    options.metrics?.started(delivery);
    try {
      attempt = await attemptJob(handlers, job, delivery, emitChunk);
    } finally {
      chunks.flush();
      clearInterval(heartbeat);
    }
    options.metrics?.finished(
      attempt.status === 'answered' || attempt.status === 'retry' ? attempt.status : 'failed',
      (performance.now() - started) / 1000,
    );
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
  };

  const start = (message: JsMsg) => {
    const task = handle(message)
      .catch((error: unknown) => logger.error({ err: safeError(error) }, 'ai-worker: job handling failed'))
      .finally(() => {
        slots.release();
        inFlight.delete(task);
      });
    inFlight.add(task);
  };

  const done = (async () => {
    while (!stopping) {
      // Wait for one free slot, then ask for a job for it and for every other slot free now.
      await slots.acquire();
      const wanted = 1 + slots.takeFree();
      let received = 0;
      try {
        if (stopping) continue;
        pulling = await consumer.fetch({ max_messages: wanted, expires: PULL_EXPIRES_MS });
        if (stopping) pulling.stop();
        for await (const message of pulling) {
          received += 1;
          start(message);
        }
      } catch (error) {
        if (!stopping) {
          logger.warn({ err: safeError(error) }, 'ai-worker: pulling jobs failed, trying again');
          await sleep(1000);
        }
      } finally {
        pulling = null;
        for (let i = received; i < wanted; i++) slots.release();
      }
    }
    await Promise.all(inFlight);
  })();
  return {
    done,
    stop: async () => {
      stopping = true;
      pulling?.stop();
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
