import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BOOKING_STATUSES,
  SERVICE_TYPE_LABELS,
  type BookingStatus,
  type BookingView,
} from '@reflections/contracts/bookings';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useChangeBookingStatusMutation, useGetAdminBookingsQuery } from './admin-api';
import { BookingDialog } from './booking-dialog';
import { formatDateTime } from './format';
import { WidgetCard } from './widget-card';

const STATUS_LABELS: Record<BookingStatus, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

function StatusSelect({ booking }: { readonly booking: BookingView }) {
  const [changeStatus, { isLoading }] = useChangeBookingStatusMutation();
  const { toast } = useToast();
  const change = async (status: BookingStatus) => {
    try {
      await changeStatus({ id: booking.id, status }).unwrap();
      toast({
        title: 'Booking updated',
        description: `${booking.sessionTitle} is now ${STATUS_LABELS[status].toLowerCase()}.`,
        variant: 'success',
      });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <TextField
      select
      size="small"
      label={`Status of ${booking.sessionTitle}`}
      value={booking.status}
      disabled={isLoading}
      onChange={(event) => change(event.target.value as BookingStatus)}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 140 }}
    >
      {BOOKING_STATUSES.map((status) => (
        <option key={status} value={status}>
          {STATUS_LABELS[status]}
        </option>
      ))}
    </TextField>
  );
}

/** Every booking, latest first, with its status; an admin creates one for a member. */
export function EventsTab() {
  const { data, isLoading, error } = useGetAdminBookingsQuery();
  const [creating, setCreating] = useState(false);
  return (
    <WidgetCard
      title="Bookings"
      subtitle="Coaching sessions, retreats and workshops"
      loading={isLoading}
      error={error}
      action={
        <Button variant="contained" color="secondary" onClick={() => setCreating(true)}>
          New booking
        </Button>
      }
    >
      {data && data.length === 0 ? (
        <Typography color="text.secondary">No bookings yet.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Bookings">
            <TableHead>
              <TableRow>
                <TableCell>Session</TableCell>
                <TableCell>Service</TableCell>
                <TableCell>Member</TableCell>
                <TableCell>When</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.map((booking) => (
                <TableRow key={booking.id}>
                  <TableCell>{booking.sessionTitle}</TableCell>
                  <TableCell>{SERVICE_TYPE_LABELS[booking.serviceType]}</TableCell>
                  <TableCell>{booking.userName}</TableCell>
                  <TableCell>{formatDateTime(booking.scheduledAt)}</TableCell>
                  <TableCell>
                    <StatusSelect booking={booking} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <BookingDialog open={creating} onClose={() => setCreating(false)} />
    </WidgetCard>
  );
}
