import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { BOOKING_MESSAGES, BookSessionRequest, type ServiceType } from '@reflections/contracts/bookings';
import { toErrorBody } from '@reflections/contracts/validation';
import { useState, type FormEvent } from 'react';
import { LimitedTextField } from '../../components/limited-text-field';
import { errorBody, errorMessage } from '../../lib/api';
import { textLimitsOf } from '../../lib/text-limits';
import { serverMessage } from '../../lib/server-message';
import { useToast } from '../../lib/toast';
import { ScheduledAtField, ServiceTypeSelect, scheduledAtUtc } from '../../components/booking-fields';
import { useBookSessionMutation } from './bookings-api';

type Errors = Partial<Record<'sessionTitle' | 'serviceType' | 'scheduledAt', string>>;

const LIMITS = textLimitsOf(BookSessionRequest);

const DEFAULT_TITLES: Record<ServiceType, string> = {
  coaching: 'Coaching session',
  retreat: 'Retreat',
  workshop: 'Workshop',
};

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
    const decoded = BookSessionRequest.decode({ sessionTitle, serviceType, scheduledAt: scheduledAtUtc(scheduledAt) });
    if (decoded._tag === 'Left') return setErrors(toErrorBody(decoded.left).fields);
    if (Date.parse(decoded.right.scheduledAt) <= Date.now())
      return setErrors({ scheduledAt: BOOKING_MESSAGES.inThePast });
    try {
      await book(decoded.right).unwrap();
      toast({ title: 'Booked', description: `${decoded.right.sessionTitle} is in your bookings.`, variant: 'success' });
      setScheduledAt('');
      setErrors({});
    } catch (error) {
      const fields = (errorBody(error) as { fields?: Errors } | null)?.fields;
      if (fields && Object.keys(fields).length > 0) setErrors(fields);
      else
        toast({
          title: 'Error',
          description: serverMessage(errorBody(error), errorMessage(error)),
          variant: 'destructive',
        });
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Book a session"
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      <ServiceTypeSelect
        label="What would you like to book?"
        value={serviceType}
        onChange={(next) => {
          if (sessionTitle === DEFAULT_TITLES[serviceType]) setSessionTitle(DEFAULT_TITLES[next]);
          setServiceType(next);
        }}
        error={errors.serviceType}
      />
      <ScheduledAtField label="When" value={scheduledAt} onChange={setScheduledAt} error={errors.scheduledAt} />
      <LimitedTextField
        label="Title"
        limit={LIMITS.sessionTitle}
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
