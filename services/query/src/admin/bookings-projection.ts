import { READ_MODELS } from '@reflections/contracts/admin';
import { SessionBooked, SessionStatusChanged } from '@reflections/contracts/bookings';
import { EntityBatch, perBatch } from '../projection-engine/entity-batch';
import { dataOf } from '../projection-engine/event-data';
import type { Projector } from '../projection-engine/projector';
import { Booking } from './booking.entity';
import { ERASED_NAME } from '@reflections/contracts/personal-data';
import { boundQuery } from '../projection-engine/bound-query';

const bookings = perBatch((em) => new EntityBatch(em, Booking));

export const bookingsProjection: Projector = {
  name: READ_MODELS.bookings,
  tables: ['bookings'],
  // The booking stays on the calendar (a coach's time was given), without his name.
  forgetMember: async (em, userId) => {
    await boundQuery(em, 'UPDATE bookings SET user_name = ? WHERE user_id = ?', [ERASED_NAME, userId]);
  },
  // The bookings a batch touches, loaded with one query; one statement writes them all.
  beforeBatch: async (em, events) => {
    await bookings.start(em).load(em, events.map((event) => ({ id: (event.data as { bookingId: string }).bookingId })));
  },
  afterBatch: (em) => bookings.finish(em)!.write(em),
  handlers: {
    SessionBooked: (em, event) => {
      const data = dataOf(SessionBooked, event);
      bookings.of(em).insert({
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
    SessionStatusChanged: (em, event) => {
      const data = dataOf(SessionStatusChanged, event);
      bookings.of(em).update({ id: data.bookingId }, (booking) => (booking.status = data.status));
    },
  },
};
