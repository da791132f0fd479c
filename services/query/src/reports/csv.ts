import { stringify } from 'csv-stringify/sync';
import type { ReportCell, ReportColumn } from '@reflections/contracts/reports';

/**
 * RFC 4180 CSV with a header row of the columns' labels. A cell starting like a formula
 * would run in a spreadsheet: `escape_formulas` keeps it text.
 */
export function toCsv(columns: readonly ReportColumn[], rows: readonly Record<string, ReportCell>[]): string {
  return stringify(
    [columns.map((column) => column.label), ...rows.map((row) => columns.map((column) => row[column.field] ?? null))],
    { record_delimiter: 'windows', escape_formulas: true },
  );
}
