import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReadModelName } from '@reflections/contracts/admin';
import {
  MIN_SHOWN_COUNT,
  type ReportCell,
  type ReportChart,
  type ReportColumn,
  type ReportSummary,
  type ReportView,
  SMALL_COUNT,
} from '@reflections/contracts/reports';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import { HOLD_LIMIT, heldMergedRows, MergedRowsBatch } from '../projection-engine/held-merged-rows';
import type { MergedTable, RowsToMerge } from '../projection-engine/merged-rows';
import type { Projector } from '../projection-engine/projector';
import { readModelProjection } from '../projection-engine/read-model-projection';
import { quoteIdentifier } from '../projection-engine/quote-identifier';

/** A report's table: see MergedTable for what `combine` does. */
export type ReportTable = MergedTable;
export type ReportHandler = (rows: RowsToMerge, event: RecordedEvent) => void;

/**
 * A report: a question analysts ask of the whole event log. It names the events it reads,
 * declares its tables, writes rows from events and says how to show them. Its tables are
 * created and filled from the beginning of the log on the next start, or at once with
 * `npm run replay -- <name>`; changing a report and replaying it builds fresh tables.
 */
export type Report = ReportSummary & {
  /** Its projector's name. */
  readonly name: ReadModelName;
  readonly tables: Readonly<Record<string, ReportTable>>;
  readonly handlers: Readonly<Record<string, ReportHandler>>;
  /** Sees every event (for questions about any activity). */
  readonly everyEvent?: ReportHandler;
  /** The rows to show: a SELECT over the report's tables (unqualified names), one column per entry of `columns`. */
  readonly view: {
    readonly sql: string;
    readonly columns: readonly ReportColumn[];
    readonly chart: ReportChart | null;
  };
  /** What in the rows could name someone: every report says, even when nothing does (see `publishedReport`). */
  readonly privacy: ReportPrivacy;
};

export type ReportPrivacy = {
  /** Columns that count people: under MIN_SHOWN_COUNT, they read SMALL_COUNT. */
  readonly peopleCounts: readonly string[];
  /** Columns worked out from people counts (a percentage): hidden with any of them. */
  readonly derivedFrom?: Readonly<Record<string, readonly string[]>>;
  /** A column of the SQL, not shown, giving the number of people in the row's group: groups under MIN_SHOWN_COUNT are left out. */
  readonly groupSize?: string;
};

export function createTableSql(name: string, table: ReportTable): string {
  const columns = Object.entries(table.columns).map(([column, type]) => {
    const required = table.key.includes(column) || table.combine === 'sum';
    return `${quoteIdentifier(column)} ${type}${required ? ' NOT NULL' : ''}`;
  });
  return `CREATE TABLE IF NOT EXISTS ${quoteIdentifier(name)} (${columns.join(', ')}, PRIMARY KEY (${table.key.map(quoteIdentifier).join(', ')}))`;
}

/**
 * Runs a report like any projector: incrementally in the query service, and by `npm run
 * replay`, which holds its rows in memory from page to page (up to `holdLimit`) and copies
 * them in once, keyed afterwards (see held-merged-rows.ts).
 */
export function reportProjector(report: Report, holdLimit = HOLD_LIMIT): Projector {
  return readModelProjection({
    name: report.name,
    tables: Object.keys(report.tables),
    rows: () => new MergedRowsBatch(report.name, report.tables, holdLimit),
    handlers: report.handlers,
    everyEvent: report.everyEvent,
    createTables: Object.entries(report.tables).map(([name, table]) => createTableSql(name, table)),
    heldRows: heldMergedRows(report.name, report.tables),
    keyedAfterRows: Object.keys(report.tables),
  });
}

/** A report's rows as computed, every count exact: for tests of the figures, never for an answer. */
export async function readReport(em: EntityManager, report: Report): Promise<ReportView> {
  const rows = await em.execute<Record<string, ReportCell>[]>(report.view.sql);
  const { name, title, description } = report;
  return { name, title, description, columns: [...report.view.columns], chart: report.view.chart, rows };
}

const isSmall = (cell: ReportCell | undefined) => typeof cell === 'number' && cell < MIN_SHOWN_COUNT;

/**
 * A report as the API, the CSV and the admin panel show it: no row for a group under
 * MIN_SHOWN_COUNT people, no count of people under it (nor what is worked out from one),
 * and only the declared columns. With `participants 1`, a category's week with a named and
 * an anonymous post would say whose the anonymous one is (issue 24).
 */
export function publishedReport(view: ReportView, privacy: ReportPrivacy): ReportView {
  const { peopleCounts, derivedFrom = {}, groupSize } = privacy;
  const rows = view.rows
    .filter((row) => groupSize === undefined || (typeof row[groupSize] === 'number' && !isSmall(row[groupSize])))
    .map((row) =>
      Object.fromEntries(
        view.columns.map(({ field }) => {
          const hidden = peopleCounts.includes(field)
            ? isSmall(row[field])
            : (derivedFrom[field] ?? []).some((count) => isSmall(row[count]));
          return [field, hidden ? SMALL_COUNT : (row[field] ?? null)];
        }),
      ),
    );
  return { ...view, rows };
}
