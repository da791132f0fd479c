import { readAiConfig } from '@reflections/ai-client/ai-config';
import { natsCheck } from '@reflections/ai-client/nats-readiness';
import { createAiHandlers, startAiWorker } from '@reflections/ai-worker/ai-worker';
import { createCrisisDetector } from '@reflections/crisis/crisis-detector';
import { readConfig } from '@reflections/platform/config';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import { stopOnSignal, stopServer } from '@reflections/platform/process/shutdown';
import { listenWithOps } from '@reflections/platform/observability/ops-endpoints';
import { eventStoreCheck } from '@reflections/platform/observability/readiness-checks';
import { ServiceMetrics } from '@reflections/platform/observability/service-metrics';
import { RequestMetrics } from '@reflections/platform/http/request-metrics';
import { startServiceHeartbeat } from '@reflections/platform/observability/service-health';
import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';

/** The AI worker as its own process (distributed mode; run any number of replicas). */
async function main() {
  const config = readConfig();
  // The crisis detector trains first: training holds the event loop for a moment.
  await createCrisisDetector().ready();
  const aiConfig = readAiConfig();
  if (!config.natsUrl) throw new Error('NATS_URL must be set to run the AI worker on its own');
  if (!config.databaseUrl && !config.eventStoreUrl)
    throw new Error('DATABASE_URL (or EVENTSTORE_URL) must be set: the worker appends RAI replies to the event store');
  const eventStore = await connectEventStore({
    eventStoreUrl: config.eventStoreUrl,
    databaseUrl: config.databaseUrl ?? '',
  });
  const metrics = new ServiceMetrics('ai-worker');
  const jobTimes = new RequestMetrics();
  const worker = await startAiWorker(config.natsUrl, createAiHandlers(eventStore, aiConfig), {
    ...aiConfig,
    metrics,
    jobTimes,
  });
  // System health lists the worker only where it has PostgreSQL (with EVENTSTORE_URL alone it has none); it counts jobs.
  const heartbeat = config.databaseUrl
    ? await startServiceHeartbeat({
        databaseUrl: config.databaseUrl,
        service: 'ai-worker',
        metrics: jobTimes,
        counts: 'jobs',
      })
    : null;
  const nats = natsCheck(config.natsUrl);
  // Only the operators' endpoints; PORT unset: a free port, printed.
  const notFound = (_req: unknown, res: { writeHead: (status: number) => void; end: () => void }) => {
    res.writeHead(404);
    res.end();
  };
  const server = listenWithOps(
    notFound,
    {
      metrics,
      checks: [nats, eventStoreCheck(eventStore)],
      port: process.env.PORT ? config.port : 0,
      host: config.host,
    },
    (port) =>
      logger.info(
        {
          nats: config.natsUrl,
          concurrency: aiConfig.concurrency,
          responder: aiConfig.openaiApiKey ? `OpenAI ${aiConfig.openaiModel}` : 'offline',
          port,
        },
        `ai-worker consuming from ${config.natsUrl}; health and metrics on port ${port}`,
      ),
  );
  stopOnSignal(async () => {
    // Takes no new job, finishes (answers and acks) the ones it holds, then closes.
    await worker.stop();
    await heartbeat?.stop();
    await stopServer(server);
    await nats.close();
    await eventStore.close();
  });
}

main().catch((error) => {
  logger.fatal({ err: safeError(error) }, 'ai-worker could not start');
  process.exit(1);
});
