import { READ_MODELS } from '@reflections/contracts/admin';
import { SessionBooked, SessionStatusChanged } from '@reflections/contracts/bookings';
import { dataOf } from '../infra/event-data';
import type { Projector } from '../infra/projector';
import { Booking } from './booking.entity';

export const bookingsProjection: Projector = {
  name: READ_MODELS.bookings,
  tables: ['bookings'],
  handlers: {
    SessionBooked: (em, event) => {
      const data = dataOf(SessionBooked, event);
      em.create(Booking, {
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
    SessionStatusChanged: async (em, event) => {
      const data = dataOf(SessionStatusChanged, event);
      const booking = await em.findOne(Booking, { id: data.bookingId });
      if (booking) booking.status = data.status;
    },
  },
};
