import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { MOOD_SCALE, type UserStats } from '@reflections/contracts/dashboard';
import { PanelCard } from '../../components/panel-card';

const day = (date: Date) => date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/** The member's mood over their recent reflections, on the stats' 1 to 5 scale. */
export function MoodChart({ points }: { readonly points: UserStats['moodOverTime'] }) {
  const theme = useTheme();
  const latest = points[points.length - 1];
  return (
    <PanelCard title="Mood Over Time">
      {points.length < 2 ? (
        <Typography color="text.secondary">Your mood line appears after two reflections with a mood.</Typography>
      ) : (
        <figure style={{ margin: 0 }}>
          <LineChart
            height={220}
            margin={{ left: 0, right: 16 }}
            xAxis={[{ data: points.map((p) => new Date(p.at)), scaleType: 'point', valueFormatter: (value: Date) => day(value) }]}
            yAxis={[{ min: MOOD_SCALE.min, max: MOOD_SCALE.max, tickNumber: 5, width: 32 }]}
            series={[{ data: points.map((p) => p.score), label: 'Mood', color: theme.palette.secondary.main, showMark: true, valueFormatter: (v, { dataIndex }) => `${v} (${points[dataIndex].mood})` }]}
            hideLegend
          />
          <Typography component="figcaption" variant="body2" color="text.secondary">
            Your last {points.length} reflections with a mood, from {MOOD_SCALE.min} (heavy) to {MOOD_SCALE.max} (light). The latest
            was {latest.mood} ({latest.score}).
          </Typography>
        </figure>
      )}
    </PanelCard>
  );
}
