import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { BOOKING_MESSAGES, BookSessionRequest, type ServiceType } from '@reflections/contracts/bookings';
import { LimitedTextField } from '../../components/limited-text-field';
import { errorBody, errorMessage } from '../../lib/api';
import { textLimitsOf } from '../../lib/text-limits';
import { serverFields, serverMessage } from '../../lib/server-message';
import { useCodecForm } from '../../lib/use-codec-form';
import { useToast } from '../../lib/toast';
import { ScheduledAtField, ServiceTypeSelect, scheduledAtUtc } from '../../components/booking-fields';
import { useBookSessionMutation } from './bookings-api';

const LIMITS = textLimitsOf(BookSessionRequest);

const DEFAULT_TITLES: Record<ServiceType, string> = {
  coaching: 'Coaching session',
  retreat: 'Retreat',
  workshop: 'Workshop',
};

/** The moment has passed (checked on submit, not during render). */
const isPast = (at: string) => Date.parse(at) <= Date.now();

/** A member books a coaching session, retreat or workshop slot for themselves. */
export function BookSessionForm() {
  const form = useCodecForm(
    BookSessionRequest,
    { serviceType: 'coaching' as ServiceType, sessionTitle: DEFAULT_TITLES.coaching, scheduledAt: '' },
    { toRequest: (values) => ({ ...values, scheduledAt: scheduledAtUtc(values.scheduledAt) }) },
  );
  const [book, { isLoading }] = useBookSessionMutation();
  const { toast } = useToast();

  const submit = form.onSubmit(async (request) => {
    if (isPast(request.scheduledAt)) {
      form.refuse({ scheduledAt: BOOKING_MESSAGES.inThePast });
      return;
    }
    try {
      await book(request).unwrap();
      toast({ title: 'Booked', description: `${request.sessionTitle} is in your bookings.`, variant: 'success' });
      form.set('scheduledAt', '');
    } catch (error) {
      if (!form.refuse(serverFields(errorBody(error))))
        toast({
          title: 'Error',
          description: serverMessage(errorBody(error), errorMessage(error)),
          variant: 'destructive',
        });
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Book a session"
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      <ServiceTypeSelect
        label="What would you like to book?"
        value={form.values.serviceType}
        onChange={(next) => {
          if (form.values.sessionTitle === DEFAULT_TITLES[form.values.serviceType])
            form.set('sessionTitle', DEFAULT_TITLES[next]);
          form.set('serviceType', next);
        }}
        {...form.status('serviceType')}
      />
      <ScheduledAtField
        label="When"
        value={form.values.scheduledAt}
        onChange={(next) => form.set('scheduledAt', next)}
        {...form.status('scheduledAt')}
      />
      <LimitedTextField
        label="Title"
        limit={LIMITS.sessionTitle}
        {...form.field('sessionTitle')}
        sx={{ gridColumn: { sm: '1 / -1' } }}
      />
      <Button type="submit" variant="contained" color="secondary" disabled={isLoading} sx={{ justifySelf: 'start' }}>
        {isLoading ? 'Booking…' : 'Book'}
      </Button>
    </Box>
  );
}
