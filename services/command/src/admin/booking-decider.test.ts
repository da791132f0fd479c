import type { BookingEvent } from '@reflections/contracts/bookings';
import { type BookingCommand, decideBooking, evolveBooking, initialBooking } from './booking-decider';

const now = '2026-11-22T10:00:00.000Z';
const booked: BookingEvent = {
  type: 'SessionBooked',
  data: { bookingId: 'b1', userId: 'u1', userName: 'Sam', sessionTitle: 'Coaching', serviceType: 'coaching', scheduledAt: '2026-12-01T09:00:00.000Z', bookedBy: 'a1', bookedAt: now },
};
const when = (command: BookingCommand, ...events: BookingEvent[]) => decideBooking(command, events.reduce(evolveBooking, initialBooking));
const changeTo = (status: 'scheduled' | 'completed' | 'cancelled'): BookingCommand => ({ type: 'ChangeBookingStatus', bookingId: 'b1', status, changedBy: 'a1', now });

describe('booking decider', () => {
  it('books once', () => {
    expect(when({ type: 'BookSession', ...booked.data })).toEqual({ ok: true, events: [booked] });
    expect(when({ type: 'BookSession', ...booked.data }, booked)).toEqual({ ok: false, reason: 'AlreadyBooked' });
  });

  it('changes the status of a booking that exists, and only when it differs', () => {
    const completed: BookingEvent = { type: 'SessionStatusChanged', data: { bookingId: 'b1', status: 'completed', changedBy: 'a1', changedAt: now } };
    expect(when(changeTo('completed'), booked)).toEqual({ ok: true, events: [completed] });
    expect(when(changeTo('completed'), booked, completed)).toEqual({ ok: true, events: [] });
    expect(when(changeTo('scheduled'), booked, completed)).toMatchObject({ ok: true, events: [{ data: { status: 'scheduled' } }] });
    expect(when(changeTo('completed'))).toEqual({ ok: false, reason: 'NotFound' });
  });

  it("lets a member cancel their own scheduled booking, once, and nobody else's", () => {
    const cancel = (memberId: string): BookingCommand => ({ type: 'CancelOwnBooking', bookingId: 'b1', memberId, now });
    const cancelled: BookingEvent = { type: 'SessionStatusChanged', data: { bookingId: 'b1', status: 'cancelled', changedBy: 'u1', changedAt: now } };
    expect(when(cancel('u1'), booked)).toEqual({ ok: true, events: [cancelled] });
    expect(when(cancel('u1'), booked, cancelled)).toEqual({ ok: true, events: [] });
    expect(when(cancel('u2'), booked)).toEqual({ ok: false, reason: 'NotFound' });
    expect(when(cancel('u1'))).toEqual({ ok: false, reason: 'NotFound' });
    const completed: BookingEvent = { type: 'SessionStatusChanged', data: { bookingId: 'b1', status: 'completed', changedBy: 'a1', changedAt: now } };
    expect(when(cancel('u1'), booked, completed)).toEqual({ ok: false, reason: 'NotCancellable' });
  });
});
