import { readAiConfig } from '@reflections/ai-client/ai-config';
import { natsCheck } from '@reflections/ai-client/nats-readiness';
import { requeueUnanswered } from '@reflections/ai-client/requeue-unanswered';
import { createCrisisCheck } from '@reflections/ai-worker/ai-worker';
import { createCommandApp } from '@reflections/command/app';
import { seedForumCategories } from '@reflections/command/forum/forum-categories';
import { listenForBoardSettings } from '@reflections/command/forum/forum-slow-mode';
import { commandRateLimits, readRateLimits } from '@reflections/command/plumbing/rate-limits';
import { createCrisisDetector } from '@reflections/crisis/crisis-detector';
import { readConfig } from '@reflections/platform/config';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import { openSessionStore } from '@reflections/platform/session/postgres-session-store';
import { openIdempotencyStore } from '@reflections/platform/http/idempotency-store';
import { RateLimitStore } from '@reflections/platform/http/rate-limit-store';
import { stopOnSignal, stopServer } from '@reflections/platform/process/shutdown';
import { keepRequestGarbageYoung } from '@reflections/platform/process/young-garbage';
import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';
import { RequestMetrics } from '@reflections/platform/http/request-metrics';
import { listenWithOps } from '@reflections/platform/observability/ops-endpoints';
import { databaseCheck, eventStoreCheck } from '@reflections/platform/observability/readiness-checks';
import { ServiceMetrics } from '@reflections/platform/observability/service-metrics';
import { startServiceHeartbeat } from '@reflections/platform/observability/service-health';
import { connectAiJobs } from './ai-jobs-connection';

/** The command service on its own (distributed mode): needs DATABASE_URL and SESSION_SECRET. */
async function main() {
  keepRequestGarbageYoung();
  const config = readConfig();
  // The crisis detector trains first: training holds the event loop for a moment.
  await createCrisisDetector().ready();
  if (!config.databaseUrl || !config.sessionSecret)
    throw new Error('DATABASE_URL and SESSION_SECRET must be set to run the command service on its own');
  const eventStore = await connectEventStore({ eventStoreUrl: config.eventStoreUrl, databaseUrl: config.databaseUrl });
  const sessions = await openSessionStore(config.databaseUrl);
  const idempotency = await openIdempotencyStore(config.databaseUrl);
  const rateLimitStore = await RateLimitStore.open(config.databaseUrl);
  const boardSettings = await listenForBoardSettings(config.databaseUrl);
  await seedForumCategories(eventStore);
  // With NATS_URL the jobs go to ai-worker processes; without it the worker runs in this process.
  if (!config.natsUrl) {
    logger.warn(
      'NATS_URL is not set: this command service runs the AI jobs in its own process. AI worker processes started for this deployment will receive nothing. Set NATS_URL to the nats-server (-js) they use.',
    );
  }
  const aiConfig = readAiConfig();
  const aiJobs = await connectAiJobs({ natsUrl: config.natsUrl, eventStore, config: aiConfig });
  const crisis = createCrisisCheck(aiConfig);
  const metrics = new ServiceMetrics('command');
  const requestMetrics = new RequestMetrics(undefined, undefined, metrics);
  const crisisDetections = metrics.counter(
    'crisis_detections_total',
    'Messages the crisis check flagged (a count, nothing of the message).',
  );
  const app = createCommandApp({
    eventStore,
    sessionStore: sessions.store,
    idempotencyStore: idempotency.store,
    sessionKeys: [config.sessionSecret],
    bodyLimitBytes: config.bodyLimitBytes,
    deployHookUrl: config.deployHookUrl,
    trustProxyHops: config.trustProxyHops,
    sessionLifetime: config.sessionLifetime,
    publicOrigins: config.publicOrigins,
    rateLimits: commandRateLimits(rateLimitStore, readRateLimits()),
    aiJobs,
    crisisCheck: async (text) => {
      const found = await crisis(text);
      if (found) crisisDetections.inc();
      return found;
    },
    requestMetrics,
    boardSettings,
  });
  const heartbeat = await startServiceHeartbeat({
    databaseUrl: config.databaseUrl,
    service: 'command',
    metrics: requestMetrics,
  });
  const database = databaseCheck(config.databaseUrl);
  const nats = config.natsUrl ? natsCheck(config.natsUrl) : null;
  const checks = [database, eventStoreCheck(eventStore), ...(nats ? [nats] : [])];
  const server = listenWithOps(app.callback(), { metrics, checks, port: config.port, host: config.host }, (port) =>
    logger.info({ port }, `command service listening on ${port}`),
  );
  requeueUnanswered(eventStore, aiJobs).catch((error: unknown) =>
    logger.warn({ err: safeError(error) }, 'could not requeue unanswered journal entries'),
  );
  stopOnSignal(async () => {
    // Requests in flight finish (and their jobs' replies arrive) before anything they use closes.
    await stopServer(server);
    await heartbeat.stop();
    await aiJobs.close();
    await Promise.all([database.close(), nats?.close()]);
    await eventStore.close();
    await sessions.close();
    await idempotency.close();
    await rateLimitStore.close();
    await boardSettings.stop();
  });
}

main().catch((error) => {
  logger.fatal({ err: safeError(error) }, 'command service could not start');
  process.exit(1);
});
