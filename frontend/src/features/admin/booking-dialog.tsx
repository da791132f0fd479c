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
import { toErrorBody } from '@reflections/contracts/validation';
import { useState, type FormEvent } from 'react';
import { errorBody, errorMessage } from '../../lib/api';
import { ScheduledAtField, ServiceTypeSelect, scheduledAtUtc } from '../../components/booking-fields';
import { useToast } from '../../lib/toast';
import { useCreateBookingMutation, useSearchUsersQuery } from './admin-api';
import { useDebounced } from './use-debounced';

type Errors = Partial<Record<'userId' | 'sessionTitle' | 'serviceType' | 'scheduledAt', string>>;

/** An admin books a coaching session, retreat or workshop slot for a member. */
export function BookingDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const [member, setMember] = useState<AdminUser | null>(null);
  const [memberSearch, setMemberSearch] = useState('');
  const [sessionTitle, setSessionTitle] = useState('');
  const [serviceType, setServiceType] = useState<ServiceType>('coaching');
  const [scheduledAt, setScheduledAt] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const members = useSearchUsersQuery(useDebounced(memberSearch.trim(), 300), { skip: !open });
  const [createBooking, { isLoading }] = useCreateBookingMutation();
  const { toast } = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const decoded = CreateBookingRequest.decode({
      userId: member?.id ?? '',
      sessionTitle,
      serviceType,
      scheduledAt: scheduledAtUtc(scheduledAt),
    });
    if (decoded._tag === 'Left') {
      setErrors(toErrorBody(decoded.left).fields);
      return;
    }
    try {
      await createBooking(decoded.right).unwrap();
      toast({
        title: 'Booking created',
        description: `${decoded.right.sessionTitle} for ${member?.firstName}`,
        variant: 'success',
      });
      setMember(null);
      setSessionTitle('');
      setScheduledAt('');
      setErrors({});
      onClose();
    } catch (error) {
      const fields = (errorBody(error) as { fields?: Errors } | null)?.fields;
      if (fields && Object.keys(fields).length > 0) setErrors(fields);
      else toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-booking-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="new-booking-title">New booking</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1, pt: '8px !important' }}>
          <Autocomplete
            options={members.data ?? []}
            value={member}
            onChange={(_event, value) => setMember(value)}
            inputValue={memberSearch}
            onInputChange={(_event, value) => setMemberSearch(value)}
            getOptionLabel={(user) => `${user.firstName} ${user.lastName}`.trim() + ` (${user.email})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(options) => options}
            loading={members.isFetching}
            renderInput={(params) => (
              <TextField {...params} label="Member" error={Boolean(errors.userId)} helperText={errors.userId ?? ' '} />
            )}
          />
          <TextField
            label="Session title"
            value={sessionTitle}
            onChange={(e) => setSessionTitle(e.target.value)}
            error={Boolean(errors.sessionTitle)}
            helperText={errors.sessionTitle ?? ' '}
          />
          <ServiceTypeSelect label="Service" value={serviceType} onChange={setServiceType} error={errors.serviceType} />
          <ScheduledAtField
            label="Date and time"
            value={scheduledAt}
            onChange={setScheduledAt}
            error={errors.scheduledAt}
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
