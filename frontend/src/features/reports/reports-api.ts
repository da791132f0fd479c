import type { ReportList, ReportView } from '@reflections/contracts/reports';
import { api } from '../../lib/api';

/** Where a report's CSV downloads from (the browser sends the session cookie). */
export const reportCsvUrl = (name: string) => `/api/admin/reports/${encodeURIComponent(name)}/csv`;

const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listReports: build.query<ReportList, void>({ query: () => '/api/admin/reports', providesTags: ['Admin'] }),
    getReport: build.query<ReportView, string>({
      query: (name) => `/api/admin/reports/${encodeURIComponent(name)}`,
      providesTags: ['Admin'],
    }),
  }),
});

export const { useListReportsQuery, useGetReportQuery } = reportsApi;
