import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import type { AiConfig } from './config';
import { crisisCheck } from './crisis/crisis-check';
import { createCrisisDetector } from './crisis/crisis-detector';
import { openAiModeration } from './crisis/openai-moderation';
import type { JobHandlers } from './job-execution';
import { ensureJobQueue } from './job-queue';
import { raiHandlers } from './rai/rai-handlers';
import { offlineResponder } from './responders/offline-responder';
import { openAiClient, openAiResponder } from './responders/openai-responder';
import { startWorker } from './worker';

/** Every job kind's handler, with the responder the configuration asks for (offline without a key). */
export function createAiHandlers(eventStore: EventStore, config: AiConfig): JobHandlers {
  if (!config.openaiApiKey) return raiHandlers({ eventStore, responder: offlineResponder(), crisis: crisisCheck(createCrisisDetector(), null) });
  const client = openAiClient({ apiKey: config.openaiApiKey, baseURL: config.openaiBaseUrl, model: config.openaiModel, timeoutMs: config.openaiTimeoutMs, maxRetries: config.openaiMaxRetries });
  return raiHandlers({ eventStore, responder: openAiResponder(client, config.openaiModel), crisis: crisisCheck(createCrisisDetector(), openAiModeration(client)) });
}

/** Connects to NATS, makes sure the job queue exists and starts consuming; `stop` drains. */
export async function startAiWorker(natsUrl: string, handlers: JobHandlers, options: { concurrency: number }): Promise<{ stop: () => Promise<void> }> {
  const nc = await connect({ servers: natsUrl, name: 'reflections-ai-worker' });
  await ensureJobQueue(await jetstreamManager(nc));
  const worker = await startWorker(nc, handlers, { concurrency: options.concurrency });
  return {
    stop: async () => {
      await worker.stop();
      await nc.drain();
    },
  };
}
