import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { ProjectorRuntime } from './infra/projector-runtime';
import { PROJECTORS } from './projections';
import { REPORT_PROJECTORS } from './reports/reports';

/** The query service's projector runtime, whichever thread it runs in: a failed batch is logged and retried from its checkpoint. */
export const queryProjectorRuntime = (orm: MikroORM, eventStore: EventStore) =>
  new ProjectorRuntime(orm, eventStore, {
    onError: (projector, error) => console.error(`[projector ${projector}] batch failed, will resume from its checkpoint:`, error),
  });

/** Starts every projector of the query service: the read models members read, then the analysts' reports, which reads after a write do not wait for. */
export async function startProjectors(runtime: ProjectorRuntime): Promise<void> {
  await runtime.start(PROJECTORS);
  await runtime.start(REPORT_PROJECTORS, { holdsReads: false });
}
