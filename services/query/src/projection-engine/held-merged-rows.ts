import type { EntityManager } from '@mikro-orm/postgresql';
import type { BatchStatement } from './batch-statements';
import { runStatements } from './batch-statements';
import { type MergedTable, MergedRows, type Row } from './merged-rows';
import type { BatchRows } from './read-model-projection';
import { carriedIn, carriedRows, keyFreshTables, onCommitted, type RebuildContext } from './rebuild-context';

/**
 * Rows a rebuild holds from page to page rather than writing page by page: merged by key in
 * memory, and copied into the fresh tables once, after the last page, before their keys are
 * built (see `Projector.heldRows` and `keyedAfterRows`). Past `limit` rows, or at a batch
 * whose rows might not be stored as they are, it writes what it holds and stops: from then
 * on batches write as live ones do, so memory stays bounded and a failing event is parked.
 */
type Held = { rows: MergedRows; holding: boolean; written: boolean };

/**
 * Rows per COPY of the held rows: a rebuild runs them side by side, so a table of a few
 * thousand rows goes in on both cores. COPY into an unkeyed table, then the key, took
 * PostgreSQL a half to a third of the time of an upsert from json_to_recordset of the same
 * rows (docs/performance.md, issue 29's reports' held rows).
 */
const ROWS_PER_COPY = 2500;
export const HOLD_LIMIT = 50_000;

const newHeld = (tables: Readonly<Record<string, MergedTable>>): Held => ({
  rows: new MergedRows(tables),
  holding: true,
  written: false,
});

/**
 * Writes a batch's `rows` of `projector`'s merged tables: at once when live (with `others`, the
 * batch's other statements, in one round trip), held across the batches of a rebuild.
 */
export async function writeMergedRows(
  em: EntityManager,
  projector: string,
  rows: MergedRows,
  options: { tables: Readonly<Record<string, MergedTable>>; limit: number; others?: readonly BatchStatement[] },
): Promise<void> {
  const { tables, limit, others = [] } = options;
  const held = carriedRows(em, projector, () => newHeld(tables));
  if (!held || !held.holding || held.written) return runStatements(em, [...others, ...rows.statements()]);
  await runStatements(em, others);
  if (held.rows.size + rows.size <= limit && held.rows.canTake(rows)) {
    // Taken once the batch has committed: a batch tried again must not be counted twice.
    onCommitted(em, () => held.rows.take(rows));
    return;
  }
  await runStatements(em, held.rows.copies(ROWS_PER_COPY));
  await keyFreshTables(em, Object.keys(tables));
  await rows.write(em);
  // Should this batch fail, its next try writes the held rows again.
  onCommitted(em, () => {
    held.holding = false;
    held.rows.clear();
  });
}

/** A batch's rows of a projection whose rows are all `MergedRows` (reports). */
export class MergedRowsBatch implements BatchRows {
  private readonly rows: MergedRows;

  constructor(
    private readonly projector: string,
    private readonly tables: Readonly<Record<string, MergedTable>>,
    private readonly limit: number,
  ) {
    this.rows = new MergedRows(tables);
  }

  add(table: string, row: Row): void {
    this.rows.add(table, row);
  }

  write(em: EntityManager): Promise<void> {
    return writeMergedRows(em, this.projector, this.rows, { tables: this.tables, limit: this.limit });
  }
}

/** The `heldRows` of such a projection: every row it held, copied once after the last page. */
export function heldMergedRows(
  projector: string,
  tables: Readonly<Record<string, MergedTable>>,
): (context: RebuildContext) => readonly BatchStatement[] {
  return (context) => {
    const held = carriedIn(context, projector, () => newHeld(tables));
    if (!held.holding || held.written) return [];
    held.written = true;
    return held.rows.copies(ROWS_PER_COPY);
  };
}
