import * as t from 'io-ts';
import { boundedText } from './validation';

/** Analysts' reports, replayed from the event log (GET /api/admin/reports...). */

export const ReportColumn = t.type({ field: t.string, label: t.string });
export type ReportColumn = t.TypeOf<typeof ReportColumn>;

/** How the admin panel charts a report's rows: `y` against `x`, one series per value of `series`. */
export const ReportChart = t.type({
  kind: t.keyof({ bar: null, line: null }),
  x: t.string,
  y: t.string,
  series: t.union([t.string, t.null]),
});
export type ReportChart = t.TypeOf<typeof ReportChart>;

export const ReportSummary = t.type({ name: t.string, title: t.string, description: t.string });
export type ReportSummary = t.TypeOf<typeof ReportSummary>;

export const ReportCell = t.union([t.string, t.number, t.null]);
export type ReportCell = t.TypeOf<typeof ReportCell>;

/**
 * A count of people under this is never shown (issue 24): the API, the CSV and the admin
 * panel say SMALL_COUNT instead, and a group that small is left out where a report says so.
 */
export const MIN_SHOWN_COUNT = 5;
export const SMALL_COUNT = 'fewer than 5';

/** GET /api/admin/reports/:name */
export const ReportView = t.intersection([
  ReportSummary,
  t.type({
    columns: t.array(ReportColumn),
    chart: t.union([ReportChart, t.null]),
    rows: t.array(t.record(t.string, ReportCell)),
  }),
]);
export type ReportView = t.TypeOf<typeof ReportView>;

/** GET /api/admin/reports */
export const ReportList = t.type({ reports: t.array(ReportSummary) });
export type ReportList = t.TypeOf<typeof ReportList>;

/** The :name of /api/admin/reports/:name and /api/admin/reports/:name/csv. */
export const ReportParams = t.type({
  name: boundedText({
    min: 1,
    max: 64,
    tooShort: 'Name a report',
    label: 'Report name',
    trim: false,
    singleLine: true,
  }),
});
