import type { EntityClass, EntityMetadata } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type BatchStatement, runStatements } from './batch-statements';
import { boundQuery } from './bound-query';
import { quoteIdentifier } from './quote-identifier';
import { rebuildOf, writtenKeys } from './rebuild-context';

type Column = { readonly property: string; readonly field: string; readonly type: string; readonly isDate: boolean };

/** An entity's table as MikroORM maps it: its columns with their SQL types, and its key. */
type Table = { readonly name: string; readonly columns: readonly Column[]; readonly key: readonly Column[] };

const tables = new WeakMap<EntityMetadata, Table>();

function tableOf(meta: EntityMetadata): Table {
  let table = tables.get(meta);
  if (!table) {
    const columns = meta.props
      .filter((prop) => prop.persist !== false && prop.fieldNames?.length === 1)
      .map((prop) => ({
        property: prop.name,
        field: prop.fieldNames[0],
        type: prop.columnTypes[0],
        isDate: prop.runtimeType === 'Date',
      }));
    table = {
      name: meta.tableName,
      columns,
      key: meta.primaryKeys.map((name) => columns.find((column) => column.property === name)!),
    };
    tables.set(meta, table);
  }
  return table;
}

/**
 * Rows as the JSON that `json_to_recordset` reads back with their SQL types, under their
 * property names (`recordType`): the row objects are serialised as they are, with no copy
 * of each under its column names, which on a replay cost more than the serialising.
 * A property left undefined is left out, which `json_to_recordset` reads as null.
 */
const recordset = (rows: Iterable<object>): string => JSON.stringify(Array.isArray(rows) ? rows : Array.from(rows));
const recordType = (columns: readonly Column[]) =>
  columns.map((column) => `${quoteIdentifier(column.property)} ${column.type}`).join(', ');
/** The record's values of these columns, under the columns' names. */
const fromRecord = (columns: readonly Column[]) =>
  columns.map((column) => `${quoteIdentifier(column.property)} AS ${quoteIdentifier(column.field)}`).join(', ');

/**
 * The rows of one entity's table that a batch of events touches, for replaying thousands of
 * events a second: loaded with one query before the batch, found and changed in memory by
 * the handlers (no round trip per event), and written back after it with one statement.
 * Rows are plain objects shaped like the entity; the table, columns and key come from the
 * entity's MikroORM mapping, so the entity stays the one declaration of its table.
 */
export class EntityBatch<T extends object> {
  private readonly table: Table;
  private readonly rows = new Map<string, T>();
  private readonly changed = new Set<string>();
  /** In a rebuild, the keys it has written to this fresh table: no other key has a row to load. */
  private readonly written: Set<string> | undefined;
  /** In a rebuild, whether this fresh table has no primary key yet (it takes plain INSERTs). */
  private readonly unkeyed: boolean;

  /** `em` is the batch's: in a rebuild, the batch learns which keys earlier batches wrote. */
  constructor(em: EntityManager, entity: EntityClass<T>) {
    this.table = tableOf(em.getMetadata().get(entity.name));
    this.unkeyed = rebuildOf(em)?.unkeyed.has(this.table.name) ?? false;
    this.written = writtenKeys(em, this.table.name);
  }

  private keyOf(row: Partial<T>): string {
    const { key } = this.table;
    // Most keys are one column: no array per row (a replay asks this for every event).
    if (key.length === 1) return String((row as Record<string, unknown>)[key[0].property]);
    return key.map((column) => String((row as Record<string, unknown>)[column.property])).join('\u0000');
  }

  /** Loads the stored rows with these keys (key properties only) that the batch has not seen yet. */
  async load(em: EntityManager, keys: Iterable<Partial<T>>): Promise<void> {
    const wanted = new Map<string, Partial<T>>();
    for (const key of keys) {
      // An event without the key (a bug upstream, or an old shape) finds nothing, as a lookup would.
      if (this.table.key.some((column) => typeof (key as Record<string, unknown>)[column.property] !== 'string'))
        continue;
      const id = this.keyOf(key);
      if (!this.rows.has(id) && (!this.written || this.written.has(id))) wanted.set(id, key);
    }
    if (wanted.size === 0) return;
    const { key } = this.table;
    await this.loadWhere(
      em,
      `(${key.map((column) => `t.${quoteIdentifier(column.field)}`).join(', ')}) IN (SELECT ${key.map((column) => quoteIdentifier(column.property)).join(', ')} FROM json_to_recordset(?::json) AS k(${recordType(key)}))`,
      [recordset(wanted.values())],
    );
  }

  /** Loads the stored rows (table alias `t`) that match `condition`; returns them as the batch holds them. */
  async loadWhere(em: EntityManager, condition: string, params: readonly string[]): Promise<T[]> {
    const { columns, name } = this.table;
    // MikroORM's driver reads timestamps as text; their JSON form is ISO 8601, which Date parses.
    const select = columns.map(
      (column) =>
        `${column.isDate ? `to_json(t.${quoteIdentifier(column.field)}) #>> '{}'` : `t.${quoteIdentifier(column.field)}`} AS ${quoteIdentifier(column.property)}`,
    );
    const found = await boundQuery<Record<string, unknown>>(
      em,
      `SELECT ${select.join(', ')} FROM ${quoteIdentifier(name)} t WHERE ${condition}`,
      params,
    );
    return found.map((stored) => {
      for (const column of columns)
        if (column.isDate && stored[column.property] !== null)
          stored[column.property] = new Date(stored[column.property] as string);
      const row = stored as T;
      const key = this.keyOf(row);
      const held = this.rows.get(key);
      if (held) return held;
      this.rows.set(key, row);
      return row;
    });
  }

  /** The row with this key, as the batch has left it so far. */
  get(key: Partial<T>): T | undefined {
    return this.rows.get(this.keyOf(key));
  }

  /** A new row; a row the batch loaded or made under its key stays as it is (a creation event repeated changes nothing). */
  insert(row: T): void {
    const key = this.keyOf(row);
    if (this.rows.has(key)) return;
    this.rows.set(key, row);
    this.changed.add(key);
  }

  /** Changes the row with this key, if there is one. */
  update(key: Partial<T>, change: (row: T) => void): void {
    const id = this.keyOf(key);
    const row = this.rows.get(id);
    if (!row) return;
    change(row);
    this.changed.add(id);
  }

  /** Writes every new or changed row with one statement. */
  async write(em: EntityManager): Promise<void> {
    await runStatements(em, this.statements());
  }

  /** The statement that writes every new or changed row (none when nothing changed); the batch counts them written. */
  statements(): BatchStatement[] {
    if (this.changed.size === 0) return [];
    const { name, columns, key } = this.table;
    const fields = columns.map((column) => quoteIdentifier(column.field)).join(', ');
    const others = columns.filter((column) => !key.includes(column));
    const onConflict = this.unkeyed
      ? ''
      : others.length > 0
        ? `DO UPDATE SET ${others.map((column) => `${quoteIdentifier(column.field)} = excluded.${quoteIdentifier(column.field)}`).join(', ')}`
        : 'DO NOTHING';
    const statement: BatchStatement = {
      table: name,
      sql: `INSERT INTO ${quoteIdentifier(name)} (${fields}) SELECT ${fromRecord(columns)} FROM json_to_recordset(?::json) AS r(${recordType(columns)})
       ${onConflict && `ON CONFLICT (${key.map((column) => quoteIdentifier(column.field)).join(', ')}) ${onConflict}`}`,
      params: [recordset(Array.from(this.changed, (id) => this.rows.get(id)!))],
    };
    if (this.written) for (const id of this.changed) this.written.add(id);
    this.changed.clear();
    return [statement];
  }
}

/**
 * What a projector keeps while it applies one batch, in that batch's transaction: made by
 * `beforeBatch`, used by the handlers, written and dropped by `afterBatch`.
 */
export function perBatch<S>(create: (em: EntityManager) => S) {
  const batches = new WeakMap<EntityManager, S>();
  return {
    start(em: EntityManager): S {
      const state = create(em);
      batches.set(em, state);
      return state;
    },
    of(em: EntityManager): S {
      const state = batches.get(em);
      if (!state) throw new Error('a handler ran outside a batch (applyEvents runs beforeBatch first)');
      return state;
    },
    finish(em: EntityManager): S | undefined {
      const state = batches.get(em);
      batches.delete(em);
      return state;
    },
  };
}
