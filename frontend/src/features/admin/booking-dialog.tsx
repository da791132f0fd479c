import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { AdminUser } from '@reflections/contracts/admin';
import { CreateBookingRequest, type ServiceType } from '@reflections/contracts/bookings';
import { useState } from 'react';
import { errorBody, errorMessage } from '../../lib/api';
import { ScheduledAtField, ServiceTypeSelect, scheduledAtUtc } from '../../components/booking-fields';
import { serverFields } from '../../lib/server-message';
import { useToast } from '../../lib/toast';
import { useCodecForm } from '../../lib/use-codec-form';
import { useCreateBookingMutation, useSearchUsersQuery } from './admin-api';
import { useDebounced } from './use-debounced';

const EMPTY = {
  userId: '',
  sessionTitle: '',
  serviceType: 'coaching' as ServiceType,
  scheduledAt: '',
};

/** An admin books a coaching session, retreat or workshop slot for a member. */
export function BookingDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const form = useCodecForm(CreateBookingRequest, EMPTY, {
    toRequest: (values) => ({ ...values, scheduledAt: scheduledAtUtc(values.scheduledAt) }),
  });
  // The member picked, for the field to show; the form holds his id, as the request does.
  const [member, setMember] = useState<AdminUser | null>(null);
  const [memberSearch, setMemberSearch] = useState('');
  const members = useSearchUsersQuery(useDebounced(memberSearch.trim(), 300), { skip: !open });
  const [createBooking, { isLoading }] = useCreateBookingMutation();
  const { toast } = useToast();

  const memberField = form.status('userId');

  const submit = form.onSubmit(async (request) => {
    try {
      await createBooking(request).unwrap();
      toast({
        title: 'Booking created',
        description: `${request.sessionTitle} for ${member?.firstName}`,
        variant: 'success',
      });
      form.reset();
      setMember(null);
      onClose();
    } catch (error) {
      if (!form.refuse(serverFields(errorBody(error))))
        toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-booking-title">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="new-booking-title">New booking</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1, pt: '8px !important' }}>
          <Autocomplete
            id={memberField.id}
            options={members.data ?? []}
            value={member}
            onChange={(_event, value) => {
              setMember(value);
              form.set('userId', value?.id ?? '');
            }}
            inputValue={memberSearch}
            onInputChange={(_event, value) => setMemberSearch(value)}
            getOptionLabel={(user) => `${user.firstName} ${user.lastName}`.trim() + ` (${user.email})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(options) => options}
            loading={members.isFetching}
            renderInput={(params) => (
              <TextField {...params} label="Member" error={memberField.error} helperText={memberField.helperText} />
            )}
          />
          <TextField label="Session title" {...form.field('sessionTitle')} />
          <ServiceTypeSelect
            label="Service"
            value={form.values.serviceType}
            onChange={(next) => form.set('serviceType', next)}
            {...form.status('serviceType')}
          />
          <ScheduledAtField
            label="Date and time"
            value={form.values.scheduledAt}
            onChange={(next) => form.set('scheduledAt', next)}
            {...form.status('scheduledAt')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="secondary" disabled={isLoading}>
            Book
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
