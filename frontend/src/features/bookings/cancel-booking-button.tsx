import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { BookingView } from '@reflections/contracts/bookings';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useCancelBookingMutation } from './bookings-api';

/** A member cancels one of their scheduled bookings, after saying so twice. */
export function CancelBookingButton({ booking, when }: { readonly booking: BookingView; readonly when: string }) {
  const [open, setOpen] = useState(false);
  const [cancel, { isLoading }] = useCancelBookingMutation();
  const { toast } = useToast();
  const titleId = useId();

  const confirm = async () => {
    try {
      await cancel(booking.id).unwrap();
      toast({ title: 'Booking cancelled', description: `${booking.sessionTitle} is cancelled.`, variant: 'success' });
      setOpen(false);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <>
      <Button size="small" color="inherit" onClick={() => setOpen(true)} aria-label={`Cancel ${booking.sessionTitle}`}>
        Cancel
      </Button>
      <Dialog open={open} onClose={() => !isLoading && setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Cancel this booking?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {booking.sessionTitle}, {when}. The slot goes back to others, and you can book again any time.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={isLoading}>
            Keep it
          </Button>
          <Button variant="contained" color="secondary" onClick={confirm} disabled={isLoading}>
            {isLoading ? 'Cancelling…' : 'Cancel booking'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
