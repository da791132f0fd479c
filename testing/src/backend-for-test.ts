import supertest from 'supertest';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createAiHandlers } from '@reflections/ai-worker/ai-worker';
import type { AiJobClient } from '@reflections/ai-client/ai-job-client';
import { inProcessAiJobs } from '@reflections/ai-worker/in-process-ai-jobs';
import { readAiConfig } from '@reflections/ai-client/ai-config';
import { createCrisisDetector } from '@reflections/crisis/crisis-detector';
import { type CommandAppDependencies, createCommandApp } from '@reflections/command/app';
import type { CrisisCheck } from '@reflections/crisis/crisis-check';
import { seedForumCategories } from '@reflections/command/forum/forum-categories';
import { listenForBoardSettings } from '@reflections/command/forum/forum-slow-mode';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { EncryptingEventStore } from '@reflections/platform/event-store/encrypting-event-store';
import { MemberKeys } from '@reflections/platform/event-store/member-keys';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { openSessionStore } from '@reflections/platform/session/postgres-session-store';
import { RateLimitStore } from '@reflections/platform/http/rate-limit-store';
import { createMailer } from '@reflections/command/plumbing/mailer';
import { commandRateLimits, readRateLimits, type RateLimitSettings } from '@reflections/command/plumbing/rate-limits';
import { openIdempotencyStore } from '@reflections/platform/http/idempotency-store';
import { RequestMetrics } from '@reflections/platform/http/request-metrics';
import { startServiceHeartbeat } from '@reflections/platform/observability/service-health';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { startQueryService } from '@reflections/query/query-service';
import pg from 'pg';

/**
 * readAll hands out only events no running transaction can precede (see the PostgreSQL
 * store); with many projectors busy, a just-committed event can be held back for a moment.
 * A test asking for the whole log waits until every event committed before it asked is out.
 */
async function allCommittedEvents(eventStore: EventStore, databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ committed: number }>('SELECT count(*)::int AS committed FROM es_events');
    for (let attempt = 0; ; attempt++) {
      const events = await eventStore.readAll({ maxCount: 100_000 });
      if (events.length >= rows[0].committed || attempt === 250) return events;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
}

/**
 * The command and query apps as two separate Koa apps on a fresh database, sharing
 * only what production shares: the event store and the session store.
 */
export async function backendForTest(
  options: {
    bodyLimitBytes?: number;
    readYourWritesTimeoutMs?: number;
    crisisCheck?: CrisisCheck;
    command?: Pick<CommandAppDependencies, 'deployHookUrl' | 'askAssistant' | 'trustProxyHops'>;
    /** The AI worker; by default the real handlers in-process with the offline responder. */
    aiJobs?: (eventStore: EventStore) => AiJobClient;
    /** The event store as the command app sees it: a test may wrap it to make an append fail. */
    commandEventStore?: (eventStore: EventStore) => EventStore;
    /** Limits for this backend; the rest from the environment, which the test run sets out of reach (infra/test/backend-env.js). */
    rateLimits?: Partial<RateLimitSettings>;
  } = {},
) {
  // Trained before anything runs: training holds the event loop for a moment.
  await createCrisisDetector().ready();
  const databaseUrl = await createTestDatabase();
  // As every process has it (connectEventStore): members' personal data encrypted with their keys.
  const eventStore = new EncryptingEventStore(
    await PostgresEventStore.connect({ connectionString: databaseUrl, poolSize: 20 }),
    await MemberKeys.connect({ connectionString: databaseUrl }),
  );
  const sessions = await openSessionStore(databaseUrl);
  const sessionStore = sessions.store;
  const idempotency = await openIdempotencyStore(databaseUrl);
  const rateLimitStore = await RateLimitStore.open(databaseUrl);
  const boardSettings = await listenForBoardSettings(databaseUrl);
  const rateLimits = commandRateLimits(rateLimitStore, { ...readRateLimits(), ...options.rateLimits });
  const sessionKeys = ['test-secret'];
  // Each app measures itself and publishes its figures, as its own process would.
  const commandMetrics = new RequestMetrics();
  const queryMetrics = new RequestMetrics();
  const queryService = await startQueryService({
    databaseUrl,
    eventStore,
    sessionStore,
    sessionKeys,
    readYourWritesTimeoutMs: options.readYourWritesTimeoutMs ?? 5000,
    requestMetrics: queryMetrics,
  });
  await seedForumCategories(eventStore);
  const aiJobs =
    options.aiJobs?.(eventStore) ??
    inProcessAiJobs(createAiHandlers(eventStore, readAiConfig({})), { timeoutMs: 25_000, concurrency: 8 });
  // Tests never send mail: reset links go to the outbox of DATA_DIR when a test sets it, else of a temporary folder.
  const mailer = createMailer({
    smtpUrl: null,
    from: 'Reflections <no-reply@localhost>',
    outboxDir: path.join(process.env.DATA_DIR ?? path.join(os.tmpdir(), 'reflections-tests'), 'outbox'),
  });
  const commandApp = createCommandApp({
    eventStore: options.commandEventStore?.(eventStore) ?? eventStore,
    sessionStore,
    idempotencyStore: idempotency.store,
    rateLimits,
    sessionKeys,
    bodyLimitBytes: options.bodyLimitBytes ?? 64 * 1024,
    crisisCheck: options.crisisCheck,
    aiJobs,
    requestMetrics: commandMetrics,
    mailer,
    boardSettings,
    ...options.command,
  });
  const heartbeats = [
    await startServiceHeartbeat({ databaseUrl, service: 'command', metrics: commandMetrics }),
    await startServiceHeartbeat({ databaseUrl, service: 'query', metrics: queryMetrics }),
  ];
  const commandServer = commandApp.listen(0);
  const queryServer = queryService.app.listen(0);
  return {
    databaseUrl,
    eventStore,
    runtime: queryService.projections,
    commandApp,
    queryApp: queryService.app,
    command: supertest(commandServer),
    query: supertest(queryServer),
    commandUrl: `http://localhost:${(commandServer.address() as AddressInfo).port}`,
    queryUrl: `http://localhost:${(queryServer.address() as AddressInfo).port}`,
    /** Writes both apps' service health figures now, instead of at their next heartbeat. */
    publishHealth: async () => {
      for (const heartbeat of heartbeats) await heartbeat.beat();
    },
    /** Every event committed so far, in order. */
    allEvents: () => allCommittedEvents(eventStore, databaseUrl),
    close: async () => {
      commandServer.close();
      queryServer.closeAllConnections();
      queryServer.close();
      await aiJobs.close();
      for (const heartbeat of heartbeats) await heartbeat.stop();
      await queryService.close();
      await eventStore.close();
      await sessions.close();
      await idempotency.close();
      await rateLimitStore.close();
      await boardSettings.stop();
    },
  };
}

export type TestBackend = Awaited<ReturnType<typeof backendForTest>>;

/** A complete, valid registration payload (docs/product.md#identity-calls), for tests. */
export function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Sam',
    gender: 'Male',
    age: '32–40',
    innerLandscape: 'storm',
    voiceInHead: 'critic',
    presenceInRoom: 'smooth',
    returnToSelf: ['nature', 'breath'],
    seeking: 'calm',
    emotionRegulation: 'push-down',
    wishOthersKnew: 'That I am trying harder than it looks.',
    futureMessage: 'You made it through. Keep going.',
    invisibleWeight: 'providing',
    innerStrength: 'loyalty',
    emotionalWall: 'burden',
    peaceMeans: 'quiet-mind',
    coreDrive: 'harmony',
    email: `sam+${Math.random().toString(36).slice(2)}@example.com`,
    password: 'steady-breath',
    acceptedTerms: true,
    archetype: '',
    ...overrides,
  };
}
