import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { logger } from '@reflections/platform/log/logger';
import { describeFailure, EventParked } from './infra/parked-events';
import { ProjectorRuntime } from './infra/projector-runtime';
import { PROJECTORS } from './projections';
import { REPORT_PROJECTORS } from './reports/reports';

/**
 * The query service's projector runtime, whichever thread it runs in: a failed batch is
 * logged (without the query's values or PostgreSQL's detail, which may quote a member's
 * words) and retried; an event that keeps failing is parked, with one line naming it.
 */
export const queryProjectorRuntime = (orm: MikroORM, eventStore: EventStore) =>
  new ProjectorRuntime(orm, eventStore, {
    onError: (projector, error) =>
      error instanceof EventParked ? logger.error({ projector }, error.message) : logger.error({ projector, err: describeFailure(error) }, `[projector ${projector}] batch failed, will try again`),
  });

/** Starts every projector of the query service: the read models members read, then the analysts' reports, which reads after a write do not wait for. */
export async function startProjectors(runtime: ProjectorRuntime): Promise<void> {
  await runtime.start(PROJECTORS);
  await runtime.start(REPORT_PROJECTORS, { holdsReads: false });
}
