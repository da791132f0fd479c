import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ParkedEventsSummary } from '@reflections/contracts/admin';
import { useGetSystemHealthQuery } from './admin-api';
import { formatCount, formatDateTime, formatUptime } from './format';
import { FigureList } from './figure-list';
import { WidgetCard } from './widget-card';

/** Events a projector could not apply and moved past: operators retry them by replaying the projector (README, "Parked events"). */
function ParkedEvents({ parked }: { readonly parked: readonly ParkedEventsSummary[] }) {
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Parked events
      </Typography>
      {parked.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No parked events
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Parked events">
          {parked.map((entry) => (
            <ListItem key={entry.projector} disableGutters>
              <ListItemText
                primary={`${entry.projector}: ${formatCount(entry.count)} parked`}
                secondary={`Latest: ${entry.latestType}, ${formatDateTime(entry.latestAt)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}

/** Uptime, response time and server errors over the last 5 minutes, sign-ins ever, and events the projectors parked. */
export function SystemHealthCard() {
  const { data, isLoading, error } = useGetSystemHealthQuery();
  const figures: [string, string][] = data
    ? [
        ['Up for', formatUptime(data.uptime)],
        ['Avg response', `${data.avgResponseTime} ms`],
        ['Error rate', `${data.errorRate}%`],
        ['Sign-ins', formatCount(data.totalLogins)],
      ]
    : [];
  return (
    <WidgetCard title="System health" subtitle="Response times over the last 5 minutes" loading={isLoading} error={error}>
      <FigureList figures={figures} />
      {data && <ParkedEvents parked={data.parkedEvents} />}
    </WidgetCard>
  );
}
