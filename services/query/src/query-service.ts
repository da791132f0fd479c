import type Koa from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import type { RequestMetrics } from '@reflections/platform/http/request-metrics';
import type { PostgresSessionStore } from '@reflections/platform/session/postgres-session-store';
import type { SessionLifetime } from '@reflections/platform/session/session-lifetime';
import { threadEntry } from '@reflections/platform/process/typescript-worker';
import { createQueryApp } from './app';
import type { ProjectionProgress } from './projection-engine/projection-progress';
import { ProjectorThread } from './projection-engine/projector-thread';
import type { ProjectorThreadData } from './projection-engine/projector-thread-messages';
import { SharedCheckpoints } from './projection-engine/shared-checkpoints';
import { openReadModels } from './projections';
import { QUERY_PROJECTORS, queryProjectorRuntime, startProjectors } from './start-projectors';
import { logger } from '@reflections/platform/log/logger';

export type QueryService = { app: Koa; orm: MikroORM; projections: ProjectionProgress; close: () => Promise<void> };

/** The script the projector thread runs: this service's projectors on the engine's thread. */
const THREAD_ENTRY = threadEntry(__dirname, 'projector-thread-entry');

type RunningProjectors = { projections: ProjectionProgress; stop: () => Promise<void> };

async function projectorsInThisThread(
  orm: MikroORM,
  eventStore: EventStore,
  leases?: { databaseUrl: string },
): Promise<RunningProjectors> {
  const runtime = queryProjectorRuntime(orm, eventStore);
  const stop = await startProjectors(runtime, { leases });
  return { projections: runtime, stop };
}

/** A thread that cannot start (a build without tsx, say) leaves the projectors in this one: reads stay fresh either way. */
async function projectorsInOwnThread(
  orm: MikroORM,
  eventStore: EventStore,
  data: ProjectorThreadData,
  entry = THREAD_ENTRY,
): Promise<RunningProjectors> {
  try {
    const thread = await ProjectorThread.start(data, entry);
    return { projections: thread, stop: () => thread.stop() };
  } catch (error) {
    logger.error(
      { err: error },
      'the projectors could not start in a thread of their own; running them in the main thread',
    );
    return projectorsInThisThread(orm, eventStore, data.leases ? { databaseUrl: data.databaseUrl } : undefined);
  }
}

/** Migrates the read models, starts the projectors and builds the app. */
export async function startQueryService(options: {
  databaseUrl: string;
  eventStore: EventStore;
  sessionStore: PostgresSessionStore;
  sessionKeys: string[];
  readYourWritesTimeoutMs: number;
  requestMetrics?: RequestMetrics;
  trustProxyHops?: number;
  sessionLifetime?: SessionLifetime;
  /**
   * Runs the projectors in a worker thread of their own, connected to this event store
   * (EventStoreDB's URL, or null for the PostgreSQL store in `databaseUrl`); without it,
   * in this thread through `eventStore`. `entry` replaces the thread's script (tests).
   */
  projectorThread?: { eventStoreUrl: string | null; entry?: string };
  /**
   * Other query replicas may share the database: each projector runs in one of them at a
   * time (see ProjectorLeases), and reads and live views follow every replica's
   * checkpoints (see SharedCheckpoints).
   */
  replicas?: boolean;
}): Promise<QueryService> {
  const orm = await openReadModels(options.databaseUrl);
  const { projectorThread, replicas } = options;
  const local = projectorThread
    ? await projectorsInOwnThread(
        orm,
        options.eventStore,
        { databaseUrl: options.databaseUrl, eventStoreUrl: projectorThread.eventStoreUrl, leases: replicas },
        projectorThread.entry,
      )
    : await projectorsInThisThread(
        orm,
        options.eventStore,
        replicas ? { databaseUrl: options.databaseUrl } : undefined,
      );
  const shared = replicas
    ? await SharedCheckpoints.start(
        options.databaseUrl,
        local.projections,
        QUERY_PROJECTORS.map(({ projector, holdsReads }) => ({ name: projector.name, holdsReads })),
      )
    : null;
  const projections = shared ?? local.projections;
  const app = createQueryApp({ orm, projections, ...options });
  return {
    app,
    orm,
    projections,
    close: async () => {
      await local.stop();
      await shared?.stop();
      await orm.close();
    },
  };
}
