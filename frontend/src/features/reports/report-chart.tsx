import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReportChart as Chart, ReportView } from '@reflections/contracts/reports';
import { chartSeries } from './chart-series';

const HEIGHT = 300;

/** The report's chart; the table under it holds the same figures for screen readers. */
export function ReportChart({ chart, view }: { chart: Chart; view: ReportView }) {
  const { dataset, series } = chartSeries(chart, view.rows);
  const label = (field: string) => view.columns.find((column) => column.field === field)?.label ?? field;
  const yAxis = [{ label: label(chart.y) }];
  if (chart.kind === 'bar') {
    return (
      <BarChart
        aria-hidden
        height={HEIGHT}
        dataset={dataset}
        xAxis={[{ scaleType: 'band', dataKey: 'x', label: label(chart.x) }]}
        yAxis={yAxis}
        series={series.map((s) => ({ ...s, stack: 'total' }))}
      />
    );
  }
  return (
    <LineChart
      aria-hidden
      height={HEIGHT}
      dataset={dataset}
      xAxis={[{ scaleType: 'point', dataKey: 'x', label: label(chart.x) }]}
      yAxis={yAxis}
      series={series.map((s) => ({ ...s, connectNulls: true }))}
    />
  );
}
