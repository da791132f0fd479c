import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createAiHandlers, createCrisisCheck, startAiWorker } from '@reflections/ai-worker/ai-worker';
import { readAiConfig } from '@reflections/ai-client/ai-config';
import { createCrisisDetector } from '@reflections/crisis/crisis-detector';
import { requeueUnanswered } from '@reflections/ai-client/requeue-unanswered';
import { createCommandApp } from '@reflections/command/app';
import { seedForumCategories } from '@reflections/command/forum/forum-categories';
import { listenForBoardSettings } from '@reflections/command/forum/forum-slow-mode';
import { readConfig } from '@reflections/platform/config';
import { RequestMetrics } from '@reflections/platform/http/request-metrics';
import { startServiceHeartbeat } from '@reflections/platform/observability/service-health';
import { isPortFree } from '@reflections/platform/net/ports';
import { logger } from '@reflections/platform/log/logger';
import { safeError } from '@reflections/platform/log/safe-error';
import { keepRequestGarbageYoung } from '@reflections/platform/process/young-garbage';
import { connectEventStore } from '@reflections/platform/event-store/connect-event-store';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { openSessionStore } from '@reflections/platform/session/postgres-session-store';
import { RateLimitStore } from '@reflections/platform/http/rate-limit-store';
import { commandRateLimits, readRateLimits } from '@reflections/command/plumbing/rate-limits';
import { openIdempotencyStore } from '@reflections/platform/http/idempotency-store';
import { startQueryService } from '@reflections/query/query-service';
import { connectAiJobs } from '../processes/ai-jobs-connection';
import { openDatabase } from './database';
import { oneOriginHandler } from './one-origin';
import { localSecrets } from './secrets';
import { createSpaApp } from './spa-app';

export type LaunchOptions = {
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  /** An external PostgreSQL; omitted, the embedded one in dataDir. */
  databaseUrl?: string;
  eventStoreUrl?: string | null;
  distDir?: string;
};

export type Launched = { url: string; eventStore: EventStore; databaseUrl: string; stop: () => Promise<void> };

const portInUse = (port: number) =>
  new Error(`Port ${port} is already in use: stop what runs there, or choose another with PORT=…`);

const DEFAULT_DIST = path.resolve(__dirname, '..', '..', '..', 'frontend', 'dist');

/** Everything on one machine behind one origin: what `npm start` runs, and what end-to-end tests drive. */
export async function launchEmbedded(options: LaunchOptions): Promise<Launched> {
  keepRequestGarbageYoung();
  if (options.port !== 0 && !(await isPortFree(options.port))) throw portInUse(options.port);
  const config = readConfig({
    ...process.env,
    DATA_DIR: options.dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  // The crisis detector trains first: training holds the event loop for a moment.
  await createCrisisDetector().ready();
  // Unless another app runs on this folder, it is ours: a PostgreSQL left running in it is stopped with us.
  const database = await openDatabase(config, { forApp: true });
  const secrets = localSecrets(config.dataDir);
  const sessionKeys = [config.sessionSecret ?? secrets.sessionSecret];
  const eventStoreUrl = options.eventStoreUrl ?? config.eventStoreUrl;
  const eventStore = await connectEventStore({ eventStoreUrl, databaseUrl: database.url });
  const sessions = await openSessionStore(database.url);
  const sessionStore = sessions.store;
  const idempotency = await openIdempotencyStore(database.url);
  const rateLimitStore = await RateLimitStore.open(database.url);
  const boardSettings = await listenForBoardSettings(database.url);
  // One process answers for both apps, so system health measures both.
  const requestMetrics = new RequestMetrics();
  const queryService = await startQueryService({
    requestMetrics,
    databaseUrl: database.url,
    eventStore,
    sessionStore,
    sessionKeys,
    readYourWritesTimeoutMs: config.readYourWritesTimeoutMs,
    trustProxyHops: config.trustProxyHops,
    sessionLifetime: config.sessionLifetime,
    projectorThread: { eventStoreUrl },
  });
  await seedForumCategories(eventStore);
  // Without NATS_URL the AI worker runs in-process behind the job client; with it, jobs go
  // through that server and this process also runs one worker there.
  const aiConfig = readAiConfig();
  const aiJobs = await connectAiJobs({ natsUrl: config.natsUrl, eventStore, config: aiConfig });
  const aiWorker = config.natsUrl
    ? await startAiWorker(config.natsUrl, createAiHandlers(eventStore, aiConfig), aiConfig)
    : null;
  const crisis = createCrisisCheck(aiConfig);
  const command = createCommandApp({
    eventStore,
    sessionStore,
    sessionKeys,
    idempotencyStore: idempotency.store,
    bodyLimitBytes: config.bodyLimitBytes,
    requestMetrics,
    deployHookUrl: config.deployHookUrl,
    trustProxyHops: config.trustProxyHops,
    sessionLifetime: config.sessionLifetime,
    publicOrigins: config.publicOrigins,
    rateLimits: commandRateLimits(rateLimitStore, readRateLimits()),
    aiJobs,
    crisisCheck: crisis,
    boardSettings,
  });
  // One process, one instance: system health names it for both apps it serves.
  const heartbeat = await startServiceHeartbeat({
    databaseUrl: database.url,
    service: 'command + query',
    metrics: requestMetrics,
  });
  const server = http.createServer(
    oneOriginHandler({
      command,
      query: queryService.app,
      spa: createSpaApp(options.distDir ?? DEFAULT_DIST, { trustProxyHops: config.trustProxyHops }),
    }),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // HOST: one address (127.0.0.1 behind a local proxy); unset, every interface.
      server.listen(options.port, config.host ?? undefined, resolve);
    });
  } catch (error) {
    await Promise.allSettled([heartbeat.stop(), queryService.close(), aiJobs.close(), aiWorker?.stop()]);
    await Promise.allSettled([
      eventStore.close(),
      sessions.close(),
      idempotency.close(),
      rateLimitStore.close(),
      boardSettings.stop(),
    ]);
    await database.stop();
    if ((error as { code?: string }).code === 'EADDRINUSE') throw portInUse(options.port);
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  // Entries whose job was lost when the app last stopped get their reply now, in the background.
  requeueUnanswered(eventStore, aiJobs).catch((error: unknown) =>
    logger.warn({ err: safeError(error) }, 'could not requeue unanswered journal entries'),
  );
  return {
    url: `http://localhost:${port}`,
    eventStore,
    databaseUrl: database.url,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Each step runs even if an earlier one failed (PostgreSQL may already be going down).
      for (const step of [
        () => heartbeat.stop(),
        () => aiJobs.close(),
        async () => aiWorker?.stop(),
        () => queryService.close(),
        () => eventStore.close(),
        () => sessions.close(),
        () => idempotency.close(),
        () => rateLimitStore.close(),
        () => boardSettings.stop(),
        () => database.stop(),
      ]) {
        await step().catch((error: unknown) => logger.warn({ err: safeError(error) }, 'a part did not stop cleanly'));
      }
    },
  };
}
