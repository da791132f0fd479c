import { jetstream, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { AI_JOB_FAILURES_SUBJECT, AI_JOB_MAX_DELIVERIES, AI_JOBS_STREAM, AI_WORKER_CONSUMER, AiJob, type AiJobOutcome } from '@reflections/contracts/ai-jobs';

export type JobHandler = (job: AiJob) => Promise<unknown>;

export type Worker = { stop: () => Promise<void>; done: Promise<void> };

/**
 * Pulls jobs from the shared durable consumer. A handled job is answered on its reply
 * subject and acked; a failing one is retried with a delay and, at its last delivery,
 * reported on ai.failures and terminated. A job nobody can handle is reported at once.
 */
export async function startWorker(nc: NatsConnection, handlers: Readonly<Record<string, JobHandler>>, options: { retryDelayMs?: number } = {}): Promise<Worker> {
  const consumer = await jetstream(nc).consumers.get(AI_JOBS_STREAM, AI_WORKER_CONSUMER);
  const messages = await consumer.consume({ max_messages: 4 });
  const publish = (subject: string | null, outcome: AiJobOutcome) => subject && nc.publish(subject, JSON.stringify(outcome));

  const handle = async (message: JsMsg) => {
    const decoded = AiJob.decode(safeJson(message));
    if (decoded._tag === 'Left') {
      publish(AI_JOB_FAILURES_SUBJECT, { jobId: 'unknown', ok: false, error: 'malformed job', deliveries: message.info.deliveryCount });
      return message.term('malformed job');
    }
    const job = decoded.right;
    const handler = handlers[job.kind];
    if (!handler) {
      const failure: AiJobOutcome = { jobId: job.jobId, ok: false, error: `no handler for job kind ${job.kind}`, deliveries: message.info.deliveryCount };
      publish(AI_JOB_FAILURES_SUBJECT, failure);
      publish(job.replyTo, failure);
      return message.term(failure.error);
    }
    try {
      const result = await handler(job);
      publish(job.replyTo, { jobId: job.jobId, ok: true, result });
      message.ack();
    } catch (error) {
      const failure: AiJobOutcome = { jobId: job.jobId, ok: false, error: error instanceof Error ? error.message : String(error), deliveries: message.info.deliveryCount };
      if (message.info.deliveryCount >= AI_JOB_MAX_DELIVERIES) {
        publish(AI_JOB_FAILURES_SUBJECT, failure);
        publish(job.replyTo, failure);
        message.term(failure.error);
      } else {
        message.nak(options.retryDelayMs ?? 2000);
      }
    }
  };

  const done = (async () => {
    for await (const message of messages) await handle(message);
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
