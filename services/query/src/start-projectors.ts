import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { logger } from '@reflections/platform/log/logger';
import { describeFailure, EventParked } from './projection-engine/parked-events';
import { type LeaseCandidate, ProjectorLeases } from './projection-engine/projector-leases';
import { ProjectorRuntime } from './projection-engine/projector-runtime';
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
      error instanceof EventParked
        ? logger.error({ projector }, error.message)
        : logger.error(
            { projector, err: describeFailure(error) },
            `[projector ${projector}] batch failed, will try again`,
          ),
  });

/** Every projector of the query service: the read models members read, then the analysts' reports, which reads after a write do not wait for. */
export const QUERY_PROJECTORS: readonly LeaseCandidate[] = [
  ...PROJECTORS.map((projector) => ({ projector, holdsReads: true })),
  ...REPORT_PROJECTORS.map((projector) => ({ projector, holdsReads: false })),
];

/**
 * Starts the query service's projectors and answers how to stop them. With `leases`
 * (several query replicas on one database), only those whose lease this replica takes,
 * now or when their holder dies (see ProjectorLeases).
 */
export async function startProjectors(
  runtime: ProjectorRuntime,
  options: { leases?: { databaseUrl: string } } = {},
): Promise<() => Promise<void>> {
  if (!options.leases) {
    await runtime.start(PROJECTORS);
    await runtime.start(REPORT_PROJECTORS, { holdsReads: false });
    return () => runtime.stop();
  }
  const leases = new ProjectorLeases(options.leases.databaseUrl, runtime, QUERY_PROJECTORS, {
    onError: (error) =>
      logger.error(
        { err: describeFailure(error) },
        'projector leases: lost the database connection or could not announce a checkpoint; trying again',
      ),
  });
  await leases.start();
  return () => leases.stop();
}
