import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { SERVICE_TYPE_LABELS } from '@reflections/contracts/bookings';
import { useGetUpcomingEventsQuery } from './admin-api';
import { formatDateTime } from './format';
import { WidgetCard } from './widget-card';

const SHOWN = 5;

/** The next scheduled sessions, soonest first. */
export function UpcomingEventsCard() {
  const { data, isLoading, error } = useGetUpcomingEventsQuery();
  return (
    <WidgetCard title="Upcoming events" loading={isLoading} error={error}>
      {data && data.length === 0 ? (
        <Typography color="text.secondary">Nothing scheduled.</Typography>
      ) : (
        <List dense disablePadding>
          {data?.slice(0, SHOWN).map((event) => (
            <ListItem key={event.id} disableGutters divider>
              <ListItemText
                primary={event.sessionTitle}
                secondary={`${SERVICE_TYPE_LABELS[event.serviceType]} · ${event.userName} · ${formatDateTime(event.scheduledAt)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </WidgetCard>
  );
}
