import type { ReportCell, ReportColumn } from '@reflections/contracts/reports';

// A cell starting like a formula would run in a spreadsheet: keep it text.
const FORMULA = /^[=+\-@\t\r]/;

function cell(value: ReportCell | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a header row of the columns' labels. */
export function toCsv(columns: readonly ReportColumn[], rows: readonly Record<string, ReportCell>[]): string {
  const lines = [columns.map((column) => cell(column.label)), ...rows.map((row) => columns.map((column) => cell(row[column.field])))];
  return lines.map((line) => line.join(',')).join('\r\n') + '\r\n';
}
