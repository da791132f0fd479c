import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { MOOD_SCALE, type UserStats } from '@reflections/contracts/dashboard';

function StatCard({ label, value, hint }: { readonly label: string; readonly value: string; readonly hint: string }) {
  return (
    <Card component="section" aria-label={label}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="h2">
          {label}
        </Typography>
        <Typography variant="h3" component="p">
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Average mood and total reflections (docs/product.md#dashboard). */
export function StatCards({ stats }: { readonly stats: UserStats | undefined }) {
  const total = stats?.totalReflections ?? 0;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
      <StatCard
        label="Average Mood"
        value={stats?.averageMood != null ? `${stats.averageMood.toFixed(1)} / ${MOOD_SCALE.max}` : '–'}
        hint={
          stats?.averageMood != null
            ? `from ${MOOD_SCALE.min} (heavy) to ${MOOD_SCALE.max} (light)`
            : 'appears after your first reflection'
        }
      />
      <StatCard
        label="Total Reflections"
        value={String(total)}
        hint={total === 1 ? '1 reflection' : `${total} reflections`}
      />
    </Box>
  );
}
