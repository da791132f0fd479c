import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { jobQueueNames } from '@reflections/contracts/ai-jobs';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import type { ServiceMetrics } from '@reflections/platform/observability/service-metrics';
import type { RequestMetrics } from '@reflections/platform/http/request-metrics';
import type { AiConfig } from '@reflections/ai-client/ai-config';
import { ensureJobQueue } from '@reflections/ai-client/job-queue';
import { combinedCrisisCheck } from '@reflections/crisis/combined-crisis-check';
import type { CrisisCheck } from '@reflections/crisis/crisis-check';
import { createCrisisDetector } from '@reflections/crisis/crisis-detector';
import { openAiModeration } from '@reflections/crisis/openai-moderation';
import type { JobHandlers } from './job-execution';
import { raiHandlers } from './rai/rai-handlers';
import { offlineResponder } from './responders/offline-responder';
import { openAiClient, openAiResponder } from './responders/openai-responder';
import { startWorker } from './worker';
import { workerMetrics } from './worker-metrics';

const clientFor = (config: AiConfig & { openaiApiKey: string }) =>
  openAiClient({
    apiKey: config.openaiApiKey,
    baseURL: config.openaiBaseUrl,
    model: config.openaiModel,
    timeoutMs: config.openaiTimeoutMs,
    maxRetries: config.openaiMaxRetries,
  });

/** The crisis check every responder and the forum use: the local detector, plus OpenAI's moderation with a key. */
export function createCrisisCheck(config: AiConfig): CrisisCheck {
  const { openaiApiKey } = config;
  return combinedCrisisCheck(
    createCrisisDetector().isCrisis,
    openaiApiKey ? openAiModeration(clientFor({ ...config, openaiApiKey })) : null,
  );
}

/** Every job kind's handler, with the responder the configuration asks for (offline without a key). */
export function createAiHandlers(eventStore: EventStore, config: AiConfig): JobHandlers {
  const { openaiApiKey } = config;
  const responder = openaiApiKey
    ? openAiResponder(clientFor({ ...config, openaiApiKey }), config.openaiModel)
    : offlineResponder();
  return raiHandlers({ eventStore, responder, crisis: createCrisisCheck(config) });
}

/** Connects to NATS, makes sure the job queue exists and starts consuming; `stop` drains. */
export async function startAiWorker(
  natsUrl: string,
  handlers: JobHandlers,
  options: Pick<AiConfig, 'concurrency'> &
    Partial<Pick<AiConfig, 'ackWaitMs' | 'queuePrefix'>> & { metrics?: ServiceMetrics; jobTimes?: RequestMetrics },
): Promise<{ stop: () => Promise<void> }> {
  const nc = await connect({ servers: natsUrl, name: 'reflections-ai-worker' });
  const names = jobQueueNames(options.queuePrefix);
  const jsm = await jetstreamManager(nc);
  await ensureJobQueue(jsm, { ackWaitMs: options.ackWaitMs, names });
  const queue = async () => {
    const info = await jsm.consumers.info(names.stream, names.consumer);
    return { waiting: info.num_pending, unacknowledged: info.num_ack_pending };
  };
  const worker = await startWorker(nc, handlers, {
    concurrency: options.concurrency,
    names,
    metrics: options.metrics && workerMetrics(options.metrics, queue, options.jobTimes),
  });
  return {
    stop: async () => {
      await worker.stop();
      await nc.drain();
    },
  };
}
