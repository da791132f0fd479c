import type Koa from 'koa';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import type { RequestMetrics } from '@reflections/platform/http/request-metrics';
import type { PostgresSessionStore } from '@reflections/platform/session/postgres-session-store';
import { createQueryApp } from './app';
import { openReadModels } from './infra/orm';
import { ProjectorRuntime } from './infra/projector-runtime';
import { PROJECTORS } from './projections';
import { REPORT_PROJECTORS } from './reports/reports';

export type QueryService = { app: Koa; runtime: ProjectorRuntime; close: () => Promise<void> };

/** Migrates the read models, starts the projectors and builds the app. */
export async function startQueryService(options: {
  databaseUrl: string;
  eventStore: EventStore;
  sessionStore: PostgresSessionStore;
  sessionKeys: string[];
  readYourWritesTimeoutMs: number;
  requestMetrics?: RequestMetrics;
}): Promise<QueryService> {
  const orm = await openReadModels(options.databaseUrl);
  const runtime = new ProjectorRuntime(orm, options.eventStore, {
    onError: (projector, error) => console.error(`[projector ${projector}] batch failed, will resume from its checkpoint:`, error),
  });
  await runtime.start(PROJECTORS);
  await runtime.start(REPORT_PROJECTORS, { holdsReads: false });
  const app = createQueryApp({ orm, runtime, ...options });
  return {
    app,
    runtime,
    close: async () => {
      await runtime.stop();
      await orm.close();
    },
  };
}
