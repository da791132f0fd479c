import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { MOOD_SCALE, type UserStats } from '@reflections/contracts/dashboard';
import { PanelCard } from '../../components/panel-card';
import { dayLabel, moodAxisLabels } from './mood-axis';

/** The member's mood over their recent reflections, on the stats' 1 to 5 scale. */
export function MoodChart({ points }: { readonly points: UserStats['moodOverTime'] }) {
  const theme = useTheme();
  const latest = points[points.length - 1];
  const dates = points.map((p) => new Date(p.at));
  const label = moodAxisLabels(dates);
  return (
    <PanelCard title="Mood Over Time">
      {points.length < 2 ? (
        <Typography color="text.secondary">Your mood line appears after two reflections with a mood.</Typography>
      ) : (
        <figure style={{ margin: 0 }}>
          <LineChart
            height={220}
            margin={{ left: 0, right: 16 }}
            xAxis={[
              {
                data: dates,
                scaleType: 'point',
                // Ticks name each day once; the tooltip names the day of every point.
                valueFormatter: (value: Date, context) =>
                  context.location === 'tick'
                    ? (label(dates.findIndex((date) => date.getTime() === value.getTime())) ?? '')
                    : dayLabel(value),
                tickLabelInterval: (_value: Date, index: number) => label(index) !== null,
              },
            ]}
            yAxis={[{ min: MOOD_SCALE.min, max: MOOD_SCALE.max, tickNumber: 5, width: 32 }]}
            series={[
              {
                data: points.map((p) => p.score),
                label: 'Mood',
                color: theme.palette.secondary.main,
                showMark: true,
                valueFormatter: (v, { dataIndex }) => `${v} (${points[dataIndex].mood})`,
              },
            ]}
            hideLegend
            // The figure's caption says what the line shows; no unnamed tab stop over the drawing.
            disableKeyboardNavigation
          />
          <Typography component="figcaption" variant="body2" color="text.secondary">
            Your last {points.length} reflections with a mood, from {MOOD_SCALE.min} (heavy) to {MOOD_SCALE.max}{' '}
            (light). The latest was {latest.mood} ({latest.score}).
          </Typography>
        </figure>
      )}
    </PanelCard>
  );
}
