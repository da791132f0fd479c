import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SERVICE_TYPE_LABELS, type BookingStatus } from '@reflections/contracts/bookings';
import { PanelCard } from '../../components/panel-card';
import { errorMessage } from '../../lib/api';
import { BookSessionForm } from './book-session-form';
import { CancelBookingButton } from './cancel-booking-button';
import { useGetMyBookingsQuery } from './bookings-api';

const STATUS: Record<BookingStatus, { label: string; color: 'default' | 'success' | 'secondary' }> = {
  scheduled: { label: 'Scheduled', color: 'secondary' },
  completed: { label: 'Completed', color: 'success' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'full', timeStyle: 'short' });

/** The member's coaching sessions, retreats and workshops (the dashboard and /member/bookings), and booking another. */
export function MyBookings() {
  const { data, isLoading, error } = useGetMyBookingsQuery();
  return (
    <PanelCard title="Your bookings">
      <Stack sx={{ gap: 2 }}>
        {error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : isLoading ? (
          <Skeleton variant="rounded" height={64} aria-label="Loading your bookings" />
        ) : data && data.length === 0 ? (
          <Typography color="text.secondary">No sessions booked yet.</Typography>
        ) : (
          <List disablePadding>
            {data?.map((booking) => (
              <ListItem key={booking.id} divider disableGutters sx={{ flexWrap: 'wrap', columnGap: 1 }}>
                <ListItemText
                  primary={booking.sessionTitle}
                  secondary={`${SERVICE_TYPE_LABELS[booking.serviceType]} · ${when(booking.scheduledAt)}`}
                  sx={{ flex: '1 1 14rem' }}
                />
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                  <Chip size="small" label={STATUS[booking.status].label} color={STATUS[booking.status].color} />
                  {booking.status === 'scheduled' && (
                    <CancelBookingButton booking={booking} when={when(booking.scheduledAt)} />
                  )}
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
        <BookSessionForm />
      </Stack>
    </PanelCard>
  );
}
