import { AckPolicy, DeliverPolicy, type JetStreamManager, RetentionPolicy } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { AI_JOB_MAX_DELIVERIES, type JobQueueNames, jobQueueNames } from '@reflections/contracts/ai-jobs';

/**
 * A job a worker holds this long without acking (or saying it is still working on it,
 * which workers do every third of it) goes to another worker: a dead worker's jobs come
 * back within about this long (AI_ACK_WAIT_MS).
 */
export const ACK_WAIT_MS = 10_000;

/**
 * Creates the work-queue stream and the durable consumer every worker shares, or leaves
 * them as they are, but for the consumer's ack wait, which follows the configuration.
 */
export async function ensureJobQueue(
  jsm: JetStreamManager,
  options: { ackWaitMs?: number; names?: JobQueueNames } = {},
): Promise<void> {
  const names = options.names ?? jobQueueNames();
  const streams = await jsm.streams.names().next();
  if (!streams.includes(names.stream)) {
    await jsm.streams.add({
      name: names.stream,
      subjects: [names.subjects],
      retention: RetentionPolicy.Workqueue,
      duplicate_window: nanos(10 * 60_000),
    });
  }
  const ackWait = nanos(options.ackWaitMs ?? ACK_WAIT_MS);
  const existing = (await jsm.consumers.list(names.stream).next()).find((c) => c.name === names.consumer);
  if (!existing) {
    await jsm.consumers.add(names.stream, {
      durable_name: names.consumer,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: ackWait,
      max_deliver: AI_JOB_MAX_DELIVERIES,
    });
  } else if (existing.config.ack_wait !== ackWait) {
    await jsm.consumers.update(names.stream, names.consumer, { ack_wait: ackWait });
  }
}
