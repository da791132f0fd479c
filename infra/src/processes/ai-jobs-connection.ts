import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { jobQueueNames } from '@reflections/contracts/ai-jobs';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import type { AiConfig } from '@reflections/ai-client/ai-config';
import type { AiJobClient } from '@reflections/ai-client/ai-job-client';
import { ensureJobQueue } from '@reflections/ai-client/job-queue';
import { natsAiJobClient } from '@reflections/ai-client/nats-ai-job-client';
import { createAiHandlers } from '@reflections/ai-worker/ai-worker';
import { inProcessAiJobs } from '@reflections/ai-worker/in-process-ai-jobs';

/**
 * The AI job client a service uses: with NATS_URL, jobs go on the JetStream queue for any
 * worker process; without it, the worker runs in this process behind the same interface.
 */
export async function connectAiJobs(options: {
  natsUrl: string | null;
  eventStore: EventStore;
  config: AiConfig;
}): Promise<AiJobClient> {
  if (!options.natsUrl)
    return inProcessAiJobs(createAiHandlers(options.eventStore, options.config), {
      timeoutMs: options.config.replyTimeoutMs,
      concurrency: options.config.concurrency,
    });
  const nc = await connect({ servers: options.natsUrl, name: 'reflections-ai-jobs' });
  const names = jobQueueNames(options.config.queuePrefix);
  await ensureJobQueue(await jetstreamManager(nc), { ackWaitMs: options.config.ackWaitMs, names });
  const client = natsAiJobClient(nc, { timeoutMs: options.config.replyTimeoutMs, names });
  return {
    request: client.request,
    close: async () => {
      await client.close();
      await nc.drain();
    },
  };
}
