import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { ProjectionRebuild } from '../projection-engine/projection-rebuild';
import type { Projector } from '../projection-engine/projector';

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
