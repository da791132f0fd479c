import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  AiJobChunk,
  AiJobOutcome,
  aiJobReplySubject,
  type AiJob,
  type JobQueueNames,
  jobQueueNames,
} from '@reflections/contracts/ai-jobs';
import { aiJobChunksSubject } from '@reflections/contracts/rai';
import {
  AiJobFailedError,
  type AiJobClient,
  type AiJobRequestOptions,
  AiJobTimeoutError,
  AiJobUnavailableError,
  firstAttemptChunks,
} from './ai-job-client';

/**
 * Queues jobs on the JetStream work queue and waits for their outcome on the job's reply
 * subject. Both subscriptions use callbacks, which NATS calls in the order the messages
 * arrived, so every chunk is seen before the outcome that follows it.
 */
export function natsAiJobClient(
  nc: NatsConnection,
  options: { timeoutMs: number; names?: JobQueueNames },
): AiJobClient {
  const js = jetstream(nc);
  const names = options.names ?? jobQueueNames();
  return {
    request: <R>(kind: string, payload: unknown, request: AiJobRequestOptions) =>
      new Promise<R>((resolve, reject) => {
        const subscriptions: Subscription[] = [];
        let settled = false;
        const settle = (finish: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          for (const subscription of subscriptions) subscription.unsubscribe();
          finish();
        };
        const timer = setTimeout(() => settle(() => reject(new AiJobTimeoutError(request.jobId))), options.timeoutMs);
        const chunk = firstAttemptChunks(request.onChunk);
        if (request.onChunk) {
          subscriptions.push(
            nc.subscribe(aiJobChunksSubject(request.jobId), {
              callback: (error, message) => {
                const decoded = error ? null : AiJobChunk.decode(safeJson(() => message.json()));
                if (decoded?._tag === 'Right' && !settled) chunk(decoded.right.delivery, decoded.right.text);
              },
            }),
          );
        }
        const replyTo = aiJobReplySubject(request.jobId);
        subscriptions.push(
          nc.subscribe(replyTo, {
            callback: (error, message) => {
              const decoded = error ? null : AiJobOutcome.decode(safeJson(() => message.json()));
              if (decoded?._tag !== 'Right') return;
              const outcome = decoded.right;
              settle(() =>
                outcome.ok ? resolve(outcome.result as R) : reject(new AiJobFailedError(request.jobId, outcome.error)),
              );
            },
          }),
        );
        // A repeated request joins the queued job as it is: one that wants pieces after a plain one gets only the outcome.
        const job: AiJob = {
          jobId: request.jobId,
          kind,
          correlationId: request.correlationId,
          requestedBy: request.requestedBy,
          replyTo,
          payload,
          chunksWanted: request.onChunk !== undefined,
          newJobId: request.newJobId ?? false,
        };
        js.publish(names.subject(kind), JSON.stringify(job), { msgID: request.jobId }).catch((error: unknown) =>
          settle(() => reject(new AiJobUnavailableError('the AI job queue is unavailable', { cause: error }))),
        );
      }),
    close: async () => undefined,
  };
}

function safeJson(read: () => unknown): unknown {
  try {
    return read();
  } catch {
    return undefined;
  }
}
