import type { BookingEvent } from '@reflections/contracts/bookings';
import { deciderSpecification } from '@reflections/platform/testing/decider-specification';
import { type BookingCommand, bookingDecider } from './booking-decider';

const now = '2026-11-22T10:00:00.000Z';
const booked: BookingEvent = {
  type: 'SessionBooked',
  data: {
    bookingId: 'b1',
    userId: 'u1',
    userName: 'Sam',
    sessionTitle: 'Coaching',
    serviceType: 'coaching',
    scheduledAt: '2026-12-01T09:00:00.000Z',
    bookedBy: 'a1',
    bookedAt: now,
  },
};
const statusChanged = (status: 'scheduled' | 'completed' | 'cancelled', changedBy: string): BookingEvent => ({
  type: 'SessionStatusChanged',
  data: { bookingId: 'b1', status, changedBy, changedAt: now },
});
const changeTo = (status: 'scheduled' | 'completed' | 'cancelled'): BookingCommand => ({
  type: 'ChangeBookingStatus',
  bookingId: 'b1',
  status,
  changedBy: 'a1',
  now,
});
const { given } = deciderSpecification(bookingDecider);

describe('booking decider', () => {
  it('books once', () => {
    given()
      .when({ type: 'BookSession', ...booked.data })
      .then(booked);
    given(booked)
      .when({ type: 'BookSession', ...booked.data })
      .thenRejects('AlreadyBooked');
  });

  it('changes the status of a booking that exists, and only when it differs', () => {
    const completed = statusChanged('completed', 'a1');
    given(booked).when(changeTo('completed')).then(completed);
    given(booked, completed).when(changeTo('completed')).then();
    given(booked, completed).when(changeTo('scheduled')).then(statusChanged('scheduled', 'a1'));
    given().when(changeTo('completed')).thenRejects('NotFound');
  });

  it("lets a member cancel their own scheduled booking, once, and nobody else's", () => {
    const cancel = (memberId: string): BookingCommand => ({ type: 'CancelOwnBooking', bookingId: 'b1', memberId, now });
    const cancelled = statusChanged('cancelled', 'u1');
    given(booked).when(cancel('u1')).then(cancelled);
    given(booked, cancelled).when(cancel('u1')).then();
    given(booked).when(cancel('u2')).thenRejects('NotFound');
    given().when(cancel('u1')).thenRejects('NotFound');
    given(booked, statusChanged('completed', 'a1')).when(cancel('u1')).thenRejects('NotCancellable');
  });
});
