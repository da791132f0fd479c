import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { BOOKING_MESSAGES, BookSessionRequest, SERVICE_TYPE_LABELS, SERVICE_TYPES, type ServiceType } from '@reflections/contracts/bookings';
import { toErrorBody } from '@reflections/contracts/validation';
import { useState, type FormEvent } from 'react';
import { errorBody, errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useBookSessionMutation } from './bookings-api';

type Errors = Partial<Record<'sessionTitle' | 'serviceType' | 'scheduledAt', string>>;

const DEFAULT_TITLES: Record<ServiceType, string> = { coaching: 'Coaching session', retreat: 'Retreat', workshop: 'Workshop' };

/** A member books a coaching session, retreat or workshop slot for themselves. */
export function BookSessionForm() {
  const [serviceType, setServiceType] = useState<ServiceType>('coaching');
  const [sessionTitle, setSessionTitle] = useState(DEFAULT_TITLES.coaching);
  const [scheduledAt, setScheduledAt] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [book, { isLoading }] = useBookSessionMutation();
  const { toast } = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const when = scheduledAt ? new Date(scheduledAt).toISOString() : '';
    const decoded = BookSessionRequest.decode({ sessionTitle, serviceType, scheduledAt: when });
    if (decoded._tag === 'Left') return setErrors(toErrorBody(decoded.left).fields);
    if (Date.parse(decoded.right.scheduledAt) <= Date.now()) return setErrors({ scheduledAt: BOOKING_MESSAGES.inThePast });
    try {
      await book(decoded.right).unwrap();
      toast({ title: 'Booked', description: `${decoded.right.sessionTitle} is in your bookings.`, variant: 'success' });
      setScheduledAt('');
      setErrors({});
    } catch (error) {
      const fields = (errorBody(error) as { fields?: Errors } | null)?.fields;
      if (fields && Object.keys(fields).length > 0) setErrors(fields);
      else toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Book a session" sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        select
        label="What would you like to book?"
        value={serviceType}
        onChange={(event) => {
          const next = event.target.value as ServiceType;
          if (sessionTitle === DEFAULT_TITLES[serviceType]) setSessionTitle(DEFAULT_TITLES[next]);
          setServiceType(next);
        }}
        slotProps={{ select: { native: true } }}
        helperText={errors.serviceType ?? ' '}
        error={Boolean(errors.serviceType)}
      >
        {SERVICE_TYPES.map((type) => (
          <option key={type} value={type}>
            {SERVICE_TYPE_LABELS[type]}
          </option>
        ))}
      </TextField>
      <TextField
        label="When"
        type="datetime-local"
        value={scheduledAt}
        onChange={(event) => setScheduledAt(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        helperText={errors.scheduledAt ?? ' '}
        error={Boolean(errors.scheduledAt)}
      />
      <TextField
        label="Title"
        value={sessionTitle}
        onChange={(event) => setSessionTitle(event.target.value)}
        helperText={errors.sessionTitle ?? ' '}
        error={Boolean(errors.sessionTitle)}
        sx={{ gridColumn: { sm: '1 / -1' } }}
      />
      <Button type="submit" variant="contained" color="secondary" disabled={isLoading} sx={{ justifySelf: 'start' }}>
        {isLoading ? 'Booking…' : 'Book'}
      </Button>
    </Box>
  );
}
