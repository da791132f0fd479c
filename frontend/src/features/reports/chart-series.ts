import type { ReportCell, ReportChart } from '@reflections/contracts/reports';

export type ChartData = {
  /** One entry per x value, in the order the rows give them: `x` and one key per series. */
  readonly dataset: Record<string, string | number | null>[];
  readonly series: { readonly dataKey: string; readonly label: string }[];
};

/** Turns a report's rows into x-charts' dataset: `y` against `x`, one series per value of `series`. */
export function chartSeries(chart: ReportChart, rows: readonly Record<string, ReportCell>[]): ChartData {
  const labels = chart.series ? [...new Set(rows.map((row) => String(row[chart.series!])))] : [chart.y];
  const keyOf = (label: string) => `s${labels.indexOf(label)}`;
  const byX = new Map<string, Record<string, string | number | null>>();
  for (const row of rows) {
    const x = String(row[chart.x]);
    let point = byX.get(x);
    if (!point) byX.set(x, (point = { x, ...Object.fromEntries(labels.map((label) => [keyOf(label), null])) }));
    const value = row[chart.y];
    // A suppressed count ('fewer than 5') is a gap in the chart, not a zero.
    const y = typeof value === 'number' ? value : value === null || Number.isNaN(Number(value)) ? null : Number(value);
    // Several rows of one series at one x (a board's categories in a week) add up (issue 26).
    const key = keyOf(chart.series ? String(row[chart.series]) : chart.y);
    const before = point[key];
    point[key] = y === null ? before : typeof before === 'number' ? before + y : y;
  }
  return { dataset: [...byX.values()], series: labels.map((label) => ({ dataKey: keyOf(label), label })) };
}
