import type { EntityManager } from '@mikro-orm/postgresql';
import { type BatchStatement, runStatements } from './batch-statements';
import { copyStatement, copyText } from './copy-rows';
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

/** What a handler writes to: rows merged by key (`MergedRows`, or rows a rebuild holds with them). */
export type RowsToMerge = Pick<MergedRows, 'add'>;

const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A NUL or a surrogate: PostgreSQL's text takes no NUL and no half of a pair; most text has neither. */
const SUSPECT = /[\0\uD800-\uDFFF]/;

/** A calendar day PostgreSQL's `date` takes as written (JavaScript's Date would roll 2026-02-30 over). */
function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Whether PostgreSQL surely stores `value` in a column of `type` as json_to_recordset would:
 * text without NUL or surrogates, a UUID, a day, a 32-bit whole number. Anything else may fail,
 * and is then written as a live batch writes it, where a failing event is parked.
 */
function surelyStorable(type: ColumnType, value: string | number): boolean {
  switch (type) {
    case 'text':
      return typeof value === 'number' || !SUSPECT.test(value);
    case 'uuid':
      return typeof value === 'string' && UUID.test(value);
    case 'date':
      return typeof value === 'string' && isDay(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= INT4_MIN && value <= INT4_MAX;
  }
}

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

  /** How many rows it holds, every table together. */
  get size(): number {
    let rows = 0;
    for (const table of this.pending.values()) rows += table.size;
    return rows;
  }

  /**
   * Whether `batch`'s rows merged into these would surely be stored as they are (see
   * `surelyStorable`): every key and every counter present, and counters still 32-bit once added.
   */
  canTake(batch: MergedRows): boolean {
    for (const [tableName, rows] of batch.pending) {
      const table = this.tables[tableName];
      const held = this.pending.get(tableName);
      const columns = Object.entries(table.columns);
      for (const [key, row] of rows) {
        const stored = held?.get(key);
        for (const [column, type] of columns) {
          const value = row[column];
          const counter = table.combine === 'sum' && !table.key.includes(column);
          if (value === null || value === undefined) {
            // A key, or a counter (NOT NULL), PostgreSQL refuses as null.
            if (counter || table.key.includes(column)) return false;
            continue;
          }
          const merged = counter && stored ? Number(stored[column] ?? 0) + Number(value) : value;
          if (!surelyStorable(type, merged)) return false;
        }
      }
    }
    return true;
  }

  /** Adds `batch`'s rows to these, each as `add` would. */
  take(batch: MergedRows): void {
    for (const [tableName, rows] of batch.pending) for (const row of rows.values()) this.add(tableName, row);
  }

  clear(): void {
    this.pending.clear();
  }

  /**
   * `COPY` statements of every row, at most `perStatement` rows each, for tables that hold
   * none of their keys yet (a rebuild's fresh tables): no merge with stored rows.
   */
  copies(perStatement: number): BatchStatement[] {
    const statements: BatchStatement[] = [];
    for (const [tableName, held] of this.pending) {
      const columns = Object.keys(this.tables[tableName].columns);
      const rows = [...held.values()];
      for (let start = 0; start < rows.length; start += perStatement)
        statements.push({
          table: tableName,
          sql: copyStatement(tableName, columns),
          params: [],
          copy: () => copyText(rows.slice(start, start + perStatement), columns),
        });
    }
    return statements;
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
