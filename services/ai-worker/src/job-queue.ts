import { AckPolicy, DeliverPolicy, type JetStreamManager, RetentionPolicy } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { AI_JOB_MAX_DELIVERIES, AI_JOBS_STREAM, AI_JOBS_SUBJECTS, AI_WORKER_CONSUMER } from '@reflections/contracts/ai-jobs';

/** A job a worker holds this long without acking goes to another worker. */
export const ACK_WAIT_MS = 60_000;

/** Creates (or leaves as is) the work-queue stream and the durable consumer every worker shares. */
export async function ensureJobQueue(jsm: JetStreamManager, options: { ackWaitMs?: number } = {}): Promise<void> {
  const streams = await jsm.streams.names().next();
  if (!streams.includes(AI_JOBS_STREAM)) {
    await jsm.streams.add({ name: AI_JOBS_STREAM, subjects: [AI_JOBS_SUBJECTS], retention: RetentionPolicy.Workqueue, duplicate_window: nanos(10 * 60_000) });
  }
  const consumers = await jsm.consumers.list(AI_JOBS_STREAM).next();
  if (!consumers.some((c) => c.name === AI_WORKER_CONSUMER)) {
    await jsm.consumers.add(AI_JOBS_STREAM, {
      durable_name: AI_WORKER_CONSUMER,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(options.ackWaitMs ?? ACK_WAIT_MS),
      max_deliver: AI_JOB_MAX_DELIVERIES,
    });
  }
}
