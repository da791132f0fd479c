import type { ReportView } from '@reflections/contracts/reports';
import { screen, within } from '@testing-library/react';
import { answerFetch } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import { chartSeries } from './chart-series';
import { ReportsPanel } from './reports-panel';

const mood: ReportView = {
  name: 'weekly-mood',
  title: 'Weekly mood distribution',
  description: 'Entries per week by mood.',
  columns: [
    { field: 'week', label: 'Week starting' },
    { field: 'mood', label: 'Mood' },
    { field: 'entries', label: 'Entries' },
  ],
  chart: { kind: 'bar', x: 'week', y: 'entries', series: 'mood' },
  rows: [
    { week: '2026-09-07', mood: 'calm', entries: 3 },
    { week: '2026-09-07', mood: 'sad', entries: 1 },
    { week: '2026-09-14', mood: 'calm', entries: 2 },
  ],
};
const empty: ReportView = {
  name: 'retention',
  title: 'Retention cohorts',
  description: 'Cohorts.',
  columns: [{ field: 'cohort_week', label: 'Cohort' }],
  chart: null,
  rows: [],
};

describe('ReportsPanel', () => {
  it('shows every report with its table and CSV download, and says when a report has no data yet', async () => {
    const seen = answerFetch(({ path }) => {
      if (path === '/api/admin/reports')
        return {
          status: 200,
          body: { reports: [mood, empty].map(({ name, title, description }) => ({ name, title, description })) },
        };
      if (path === '/api/admin/reports/weekly-mood') return { status: 200, body: mood };
      if (path === '/api/admin/reports/retention') return { status: 200, body: empty };
      return { status: 404, body: { error: 'Not found' } };
    });
    renderScreen(<ReportsPanel />);

    const card = await screen.findByRole('region', { name: 'Weekly mood distribution' });
    const table = await within(card).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Week starting', 'Mood', 'Entries']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('2026-09-07calm3');
    expect(within(card).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/reports/weekly-mood/csv',
    );

    const retention = screen.getByRole('region', { name: 'Retention cohorts' });
    expect(await within(retention).findByText(/No data yet/)).toBeInTheDocument();
    expect(seen.map((request) => request.path).sort()).toEqual([
      '/api/admin/reports',
      '/api/admin/reports/retention',
      '/api/admin/reports/weekly-mood',
    ]);
  });

  it("shows the server's answer when the reports cannot be read", async () => {
    answerFetch(() => ({ status: 403, body: '{"error":"Admin access required"}' }));
    renderScreen(<ReportsPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('403: {"error":"Admin access required"}');
  });

  it('charts one series per mood, weeks along the axis, gaps as null', () => {
    expect(chartSeries(mood.chart!, mood.rows)).toEqual({
      dataset: [
        { x: '2026-09-07', s0: 3, s1: 1 },
        { x: '2026-09-14', s0: 2, s1: null },
      ],
      series: [
        { dataKey: 's0', label: 'calm' },
        { dataKey: 's1', label: 'sad' },
      ],
    });
  });
});
