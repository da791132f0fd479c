import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReportCell, ReportChart, ReportColumn, ReportSummary, ReportView } from '@reflections/contracts/reports';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import type { Projector, ProjectorHandler } from '../infra/projector';

export type ColumnType = 'text' | 'integer' | 'date';

/**
 * A report's table. `combine` says what a row written again under the same key does:
 * `sum` adds its other columns to the stored ones (counters); `latest` replaces the
 * stored values with the new ones that are not null (facts learnt over several events).
 */
export type ReportTable = { readonly columns: Readonly<Record<string, ColumnType>>; readonly key: readonly string[]; readonly combine: 'sum' | 'latest' };

export type ReportRow = Record<string, string | number | null>;
export type ReportHandler = (rows: ReportRows, event: RecordedEvent) => void;

/**
 * A report: a question analysts ask of the whole event log. It names the events it reads,
 * declares its tables, writes rows from events and says how to show them. Its tables are
 * created and filled from the beginning of the log on the next start, or at once with
 * `npm run replay -- <name>`; changing a report and replaying it builds fresh tables.
 */
export type Report = ReportSummary & {
  readonly tables: Readonly<Record<string, ReportTable>>;
  readonly handlers: Readonly<Record<string, ReportHandler>>;
  /** Sees every event (for questions about any activity). */
  readonly everyEvent?: ReportHandler;
  /** The rows to show: a SELECT over the report's tables (unqualified names), one column per entry of `columns`. */
  readonly view: { readonly sql: string; readonly columns: readonly ReportColumn[]; readonly chart: ReportChart | null };
};

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
const keyOf = (table: ReportTable, row: ReportRow) => JSON.stringify(table.key.map((column) => row[column]));

/** The rows a batch writes, merged in memory by key and written with one statement per table. */
export class ReportRows {
  private readonly pending = new Map<string, Map<string, ReportRow>>();

  constructor(private readonly tables: Readonly<Record<string, ReportTable>>) {}

  write(tableName: string, row: ReportRow): void {
    const table = this.tables[tableName];
    if (!table) throw new Error(`the report has no table ${tableName}`);
    let rows = this.pending.get(tableName);
    if (!rows) this.pending.set(tableName, (rows = new Map()));
    const key = keyOf(table, row);
    const stored = rows.get(key);
    if (!stored) return void rows.set(key, { ...row });
    for (const [column, value] of Object.entries(row)) {
      if (table.key.includes(column) || value === null) continue;
      stored[column] = table.combine === 'sum' ? Number(stored[column] ?? 0) + Number(value) : value;
    }
  }

  async flush(em: EntityManager): Promise<void> {
    for (const [tableName, rows] of this.pending) {
      const table = this.tables[tableName];
      const columns = Object.keys(table.columns);
      const others = columns.filter((column) => !table.key.includes(column));
      const merge = others.map((column) =>
        table.combine === 'sum' ? `${quote(column)} = existing.${quote(column)} + excluded.${quote(column)}` : `${quote(column)} = COALESCE(excluded.${quote(column)}, existing.${quote(column)})`,
      );
      const onConflict = merge.length > 0 ? `DO UPDATE SET ${merge.join(', ')}` : 'DO NOTHING';
      await em.execute(
        `INSERT INTO ${quote(tableName)} AS existing (${columns.map(quote).join(', ')})
         SELECT ${columns.map(quote).join(', ')} FROM jsonb_to_recordset(?::jsonb) AS r(${columns.map((column) => `${quote(column)} ${table.columns[column]}`).join(', ')})
         ON CONFLICT (${table.key.map(quote).join(', ')}) ${onConflict}`,
        [JSON.stringify([...rows.values()])],
      );
    }
    this.pending.clear();
  }
}

export function createTableSql(name: string, table: ReportTable): string {
  const columns = Object.entries(table.columns).map(([column, type]) => {
    const required = table.key.includes(column) || table.combine === 'sum';
    return `${quote(column)} ${type}${required ? ' NOT NULL' : ''}`;
  });
  return `CREATE TABLE IF NOT EXISTS ${quote(name)} (${columns.join(', ')}, PRIMARY KEY (${table.key.map(quote).join(', ')}))`;
}

/** Runs a report like any projector: incrementally in the query service, and by `npm run replay`. */
export function reportProjector(report: Report): Projector {
  const batches = new WeakMap<EntityManager, ReportRows>();
  const rowsOf = (em: EntityManager) => {
    let rows = batches.get(em);
    if (!rows) batches.set(em, (rows = new ReportRows(report.tables)));
    return rows;
  };
  const handle =
    (handler: ReportHandler): ProjectorHandler =>
    (em, event) =>
      handler(rowsOf(em), event);
  return {
    name: report.name,
    tables: Object.keys(report.tables),
    handlers: Object.fromEntries(Object.entries(report.handlers).map(([type, handler]) => [type, handle(handler)])),
    everyEvent: report.everyEvent && handle(report.everyEvent),
    createTables: Object.entries(report.tables).map(([name, table]) => createTableSql(name, table)),
    afterBatch: async (em) => {
      await batches.get(em)?.flush(em);
      batches.delete(em);
    },
  };
}

/** A report's rows as the admin panel and the CSV export show them. */
export async function readReport(em: EntityManager, report: Report): Promise<ReportView> {
  const rows = await em.execute<Record<string, ReportCell>[]>(report.view.sql);
  const { name, title, description } = report;
  return { name, title, description, columns: [...report.view.columns], chart: report.view.chart, rows };
}
