import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import type { ReadinessCheck } from '@reflections/platform/observability/ops-endpoints';
import type { ServiceMetrics } from '@reflections/platform/observability/service-metrics';
import { eventTypesOf, type Projector } from './projector';

/** Lag is counted up to this many events: beyond it, a projector is simply far behind. */
const LAG_COUNT_CAP = 1_000;

export type ProjectorLag = { projector: string; commit: number; events: number; seconds: number };

/**
 * How far each projector is behind the log, from its stored checkpoint (whichever replica
 * runs it): the events it reads that come after it (at most LAG_COUNT_CAP), and how long
 * ago the first of them was appended. A checkpoint idle for a few seconds is stored late
 * (see ProjectorRuntime), but only past events the projector does not read.
 */
export async function projectorLag(
  orm: MikroORM,
  store: EventStore,
  projectors: readonly Projector[],
): Promise<ProjectorLag[]> {
  const rows = await orm.em
    .fork()
    .execute<{ name: string; commit: string; prepare: string }[]>(
      'SELECT name, commit_position::text AS commit, prepare_position::text AS prepare FROM projector_checkpoints',
    );
  const stored = new Map(rows.map((row) => [row.name, { commit: BigInt(row.commit), prepare: BigInt(row.prepare) }]));
  const now = Date.now();
  return Promise.all(
    projectors.map(async (projector) => {
      const after = stored.get(projector.name);
      const eventTypes = eventTypesOf(projector);
      const behind = await store.readAll({
        after,
        maxCount: LAG_COUNT_CAP,
        filter: eventTypes ? { eventTypes } : undefined,
      });
      return {
        projector: projector.name,
        commit: Number(after?.commit ?? 0n),
        events: behind.length,
        seconds: behind[0] ? Math.max(0, (now - behind[0].createdAt.getTime()) / 1000) : 0,
      };
    }),
  );
}

/** Projector position and lag (events, seconds) and parked events, per projector, read at each scrape. */
export function registerProjectionMetrics(
  metrics: ServiceMetrics,
  orm: MikroORM,
  store: EventStore,
  projectors: readonly Projector[],
): void {
  let lags: Promise<ProjectorLag[]> | null = null;
  // The three gauges of one scrape share one reading.
  const lagOnce = () => {
    lags ??= projectorLag(orm, store, projectors).finally(() => setImmediate(() => (lags = null)));
    return lags;
  };
  metrics.gauge(
    'projector_checkpoint_position',
    'The commit position of the checkpoint each projector stored.',
    ['projector'],
    async (gauge) => {
      for (const lag of await lagOnce()) gauge.set({ projector: lag.projector }, lag.commit);
    },
  );
  metrics.gauge(
    'projector_lag_events',
    `Events a projector reads that it has not applied yet (counted up to ${LAG_COUNT_CAP}).`,
    ['projector'],
    async (gauge) => {
      for (const lag of await lagOnce()) gauge.set({ projector: lag.projector }, lag.events);
    },
  );
  metrics.gauge(
    'projector_lag_seconds',
    'How long ago the oldest event a projector has not applied yet was appended (0 when none).',
    ['projector'],
    async (gauge) => {
      for (const lag of await lagOnce()) gauge.set({ projector: lag.projector }, lag.seconds);
    },
  );
  metrics.gauge(
    'parked_events',
    'Events a projector could not apply and passed (see npm run replay -- --parked).',
    ['projector'],
    async (gauge) => {
      gauge.reset();
      const rows = await orm.em
        .fork()
        .execute<{ projector: string; parked: number }[]>(
          'SELECT projector, count(*)::int AS parked FROM parked_events GROUP BY projector',
        );
      for (const row of rows) gauge.set({ projector: row.projector }, row.parked);
    },
  );
}

/** Ready while no projector is more than `maxSeconds` behind the log. */
export const projectorLagCheck = (
  orm: MikroORM,
  store: EventStore,
  projectors: readonly Projector[],
  maxSeconds: number,
): ReadinessCheck => ({
  name: 'projectorLag',
  check: async () => {
    const late = (await projectorLag(orm, store, projectors)).filter((lag) => lag.seconds > maxSeconds);
    if (late.length > 0)
      throw new Error(
        `behind by more than ${maxSeconds} s: ${late.map((lag) => `${lag.projector} (${Math.round(lag.seconds)} s)`).join(', ')}`,
      );
  },
});
