import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReportChart as Chart, ReportView } from '@reflections/contracts/reports';
import { chartSeries } from './chart-series';

const HEIGHT = 300;
/** Room for the y axis's tick labels ('100.0') beside its label, so neither is cut. */
const Y_AXIS_WIDTH = 64;

/** The report's chart; the table under it holds the same figures for screen readers. */
export function ReportChart({ chart, view }: { chart: Chart; view: ReportView }) {
  const { dataset, series } = chartSeries(chart, view.rows);
  const label = (field: string) => view.columns.find((column) => column.field === field)?.label ?? field;
  const yAxis = [{ label: label(chart.y), width: Y_AXIS_WIDTH }];
  const theme = useTheme();
  // The site's palette (issue 26), not the library's default blue and yellow.
  const colors = [
    theme.palette.primary.main,
    theme.palette.secondary.main,
    theme.palette.primary.light,
    theme.palette.secondary.dark,
    theme.palette.secondary.light,
    theme.palette.primary.dark,
  ];
  if (chart.kind === 'bar') {
    return (
      <BarChart
        aria-hidden
        colors={colors}
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
      colors={colors}
      height={HEIGHT}
      dataset={dataset}
      xAxis={[{ scaleType: 'point', dataKey: 'x', label: label(chart.x) }]}
      yAxis={yAxis}
      // A cohort seen for one week is a single point: its mark is what shows it.
      series={series.map((s) => ({ ...s, connectNulls: true, showMark: true }))}
    />
  );
}
