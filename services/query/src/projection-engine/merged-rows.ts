import type { EntityManager } from '@mikro-orm/postgresql';
import { type BatchStatement, runStatements } from './batch-statements';
import { quoteIdentifier } from './quote-identifier';

export type ColumnType = 'text' | 'uuid' | 'integer' | 'date';

/**
 * A table whose rows are merged by key. `combine` says what a row written again under the
 * same key does: `sum` adds its other columns to the stored ones (counters); `latest`
 * replaces the stored values with the new ones that are not null (facts learnt over
 * several events). A table of key columns only keeps each key once.
 */
export type MergedTable = {
  readonly columns: Readonly<Record<string, ColumnType>>;
  readonly key: readonly string[];
  readonly combine: 'sum' | 'latest';
};

export type Row = Record<string, string | number | null>;

const others = new WeakMap<MergedTable, readonly string[]>();
/** The table's columns outside its key, worked out once: `write` runs for every event of a replay. */
function othersOf(table: MergedTable): readonly string[] {
  let columns = others.get(table);
  if (!columns)
    others.set(table, (columns = Object.keys(table.columns).filter((column) => !table.key.includes(column))));
  return columns;
}

function keyOf(table: MergedTable, row: Row): string {
  let key = '';
  // Separated by a character no key holds; null apart from the text "null".
  for (const column of table.key) key += `${row[column] === null ? '\u0001' : row[column]}\u0000`;
  return key;
}

/** The rows a batch writes, merged in memory by key and written with one statement per table. */
export class MergedRows {
  private readonly pending = new Map<string, Map<string, Row>>();

  constructor(private readonly tables: Readonly<Record<string, MergedTable>>) {}

  add(tableName: string, row: Row): void {
    const table = this.tables[tableName];
    if (!table) throw new Error(`no table named ${tableName}`);
    let rows = this.pending.get(tableName);
    if (!rows) this.pending.set(tableName, (rows = new Map()));
    const key = keyOf(table, row);
    const stored = rows.get(key);
    if (!stored) return void rows.set(key, { ...row });
    for (const column of othersOf(table)) {
      const value = row[column];
      if (value === null || value === undefined) continue;
      stored[column] = table.combine === 'sum' ? Number(stored[column] ?? 0) + Number(value) : value;
    }
  }

  async write(em: EntityManager): Promise<void> {
    await runStatements(em, this.statements());
  }

  /** One statement per table with rows to write. */
  statements(): BatchStatement[] {
    const statements: BatchStatement[] = [];
    for (const [tableName, rows] of this.pending) {
      const table = this.tables[tableName];
      const columns = Object.keys(table.columns);
      const merge = othersOf(table).map((column) =>
        table.combine === 'sum'
          ? `${quoteIdentifier(column)} = existing.${quoteIdentifier(column)} + excluded.${quoteIdentifier(column)}`
          : `${quoteIdentifier(column)} = COALESCE(excluded.${quoteIdentifier(column)}, existing.${quoteIdentifier(column)})`,
      );
      const onConflict = merge.length > 0 ? `DO UPDATE SET ${merge.join(', ')}` : 'DO NOTHING';
      statements.push({
        table: tableName,
        sql: `INSERT INTO ${quoteIdentifier(tableName)} AS existing (${columns.map(quoteIdentifier).join(', ')})
         SELECT ${columns.map(quoteIdentifier).join(', ')} FROM json_to_recordset(?::json) AS r(${columns.map((column) => `${quoteIdentifier(column)} ${table.columns[column]}`).join(', ')})
         ON CONFLICT (${table.key.map(quoteIdentifier).join(', ')}) ${onConflict}`,
        params: [JSON.stringify([...rows.values()])],
      });
    }
    this.pending.clear();
    return statements;
  }
}
