import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { MEMBERSHIP_LABELS } from '@reflections/contracts/identity';
import { useGetMembershipTrendsQuery } from './admin-api';
import { WidgetCard } from './widget-card';

/** docs/product.md#admin-panel: the last 5 entries of the trend. */
const SHOWN_ENTRIES = 5;

// A tier of fewer than 5 members is a gap in its bar, not a height.
const height = (count: number | string) => (typeof count === 'number' ? count : null);

const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Members per tier as of each of the last days, stacked, from the membership history. */
export function MembershipGrowthChart() {
  const { data, isLoading, error } = useGetMembershipTrendsQuery();
  const theme = useTheme();
  const entries = (data ?? []).slice(-SHOWN_ENTRIES);
  const summary = entries
    .map((e) => `${shortDate(e.date)}: ${e.free} ${MEMBERSHIP_LABELS.free}, ${e.premium} Premium, ${e.vip} VIP`)
    .join('; ');
  return (
    <WidgetCard title="Membership growth" subtitle="Last 30 days" loading={isLoading} error={error}>
      {entries.length === 0 ? (
        <Typography color="text.secondary">No members yet.</Typography>
      ) : (
        <figure style={{ margin: 0 }} aria-label={`Membership growth: ${summary}`}>
          <BarChart
            height={240}
            xAxis={[{ scaleType: 'band', data: entries.map((e) => shortDate(e.date)) }]}
            yAxis={[{ tickMinStep: 1 }]}
            series={[
              {
                label: MEMBERSHIP_LABELS.free,
                data: entries.map((e) => height(e.free)),
                color: theme.palette.primary.light,
                stack: 'members',
              },
              {
                label: 'Premium',
                data: entries.map((e) => height(e.premium)),
                color: theme.palette.secondary.main,
                stack: 'members',
              },
              {
                label: 'VIP',
                data: entries.map((e) => height(e.vip)),
                color: theme.palette.primary.dark,
                stack: 'members',
              },
            ]}
            margin={{ left: 8, right: 16 }}
          />
        </figure>
      )}
    </WidgetCard>
  );
}
