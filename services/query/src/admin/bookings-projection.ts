import { READ_MODELS } from '@reflections/contracts/admin';
import { SessionBooked, SessionStatusChanged } from '@reflections/contracts/bookings';
import { dataOf } from '../projection-engine/event-data';
import { entityProjection } from '../projection-engine/read-model-projection';
import { BookingSchema } from './booking.entity';
import { ERASED_NAME } from '@reflections/contracts/personal-data';
import { boundQuery } from '../projection-engine/bound-query';

export const bookingsProjection = entityProjection({
  name: READ_MODELS.bookings,
  entity: BookingSchema,
  keyOf: (event) => ({ id: (event.data as { bookingId?: string }).bookingId }),
  // The booking stays on the calendar (a coach's time was given), without his name.
  forgetMember: async (em, userId) => {
    await boundQuery(em, 'UPDATE bookings SET user_name = ? WHERE user_id = ?', [ERASED_NAME, userId]);
  },
  handlers: {
    SessionBooked: (bookings, event) => {
      const data = dataOf(SessionBooked, event);
      bookings.insert({
        id: data.bookingId,
        userId: data.userId,
        userName: data.userName,
        sessionTitle: data.sessionTitle,
        serviceType: data.serviceType,
        scheduledAt: new Date(data.scheduledAt),
        status: 'scheduled',
        bookedAt: new Date(data.bookedAt),
      });
    },
    SessionStatusChanged: (bookings, event) => {
      const data = dataOf(SessionStatusChanged, event);
      bookings.update({ id: data.bookingId }, (booking) => (booking.status = data.status));
    },
  },
});
