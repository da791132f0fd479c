import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventStore, EventToAppend } from '@reflections/platform/event-store/event-store';
import { ProjectionRebuild } from '../projection-engine/projection-rebuild';
import type { Projector } from '../projection-engine/projector';
import { ProjectorRuntime } from '../projection-engine/projector-runtime';

/** Every row of every table of a projector, as text, in a stable order. */
export async function rowsOf(orm: MikroORM, projector: Projector): Promise<Record<string, string[]>> {
  const em = orm.em.fork();
  const tables: Record<string, string[]> = {};
  for (const table of projector.tables) {
    const rows = await em.execute<{ row: string }[]>(`SELECT to_jsonb(t)::text AS row FROM "${table}" t ORDER BY 1`);
    tables[table] = rows.map((r) => r.row);
  }
  return tables;
}

export type RebuildDifference = {
  projector: string;
  projected: Record<string, string[]>;
  rebuilt: Record<string, string[]>;
};

/**
 * Rebuilds each projector from the log (swapping the fresh tables in) and answers those
 * whose rows differ from what was projected before: none when nothing was applied twice
 * or lost. Call it once nothing is appended any more.
 */
export async function differencesFromRebuild(
  orm: MikroORM,
  store: EventStore,
  projectors: readonly Projector[],
): Promise<RebuildDifference[]> {
  const differences: RebuildDifference[] = [];
  for (const projector of projectors) {
    const projected = await rowsOf(orm, projector);
    await new ProjectionRebuild(orm, store, projector).run();
    const rebuilt = await rowsOf(orm, projector);
    if (JSON.stringify(rebuilt) !== JSON.stringify(projected))
      differences.push({ projector: projector.name, projected, rebuilt });
  }
  return differences;
}

/**
 * The rows `projector` leaves when the live runtime projects `events` one append, and so one
 * batch, at a time, each in a stream of its own named `${streamPrefix}-<uuid>`: what a rebuild
 * in any pages must leave too.
 */
export async function rowsProjectedOneByOne(
  orm: MikroORM,
  store: EventStore,
  projector: Projector,
  events: readonly EventToAppend[],
  streamPrefix: string,
): Promise<Record<string, string[]>> {
  const runtime = new ProjectorRuntime(orm, store);
  await runtime.start([projector]);
  try {
    for (const one of events) {
      const { position } = await store.appendToStream(`${streamPrefix}-${randomUUID()}`, [one]);
      if (!(await runtime.waitFor(position, 30_000))) throw new Error(`${projector.name} did not reach ${one.type}`);
    }
  } finally {
    await runtime.stop();
  }
  return rowsOf(orm, projector);
}
