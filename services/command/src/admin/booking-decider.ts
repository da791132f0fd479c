import type { BookingEvent, BookingStatus, SessionBooked } from '@reflections/contracts/bookings';

export type Booking = { readonly status: 'none' | BookingStatus; readonly memberId: string | null };
export const initialBooking: Booking = { status: 'none', memberId: null };

export function evolveBooking(state: Booking, event: BookingEvent): Booking {
  switch (event.type) {
    case 'SessionBooked':
      return { status: 'scheduled', memberId: event.data.userId };
    case 'SessionStatusChanged':
      return { ...state, status: event.data.status };
  }
}

export type BookSession = { type: 'BookSession' } & SessionBooked['data'];
export type ChangeBookingStatus = { type: 'ChangeBookingStatus'; bookingId: string; status: BookingStatus; changedBy: string; now: string };
/** A member cancels one of their own bookings. */
export type CancelOwnBooking = { type: 'CancelOwnBooking'; bookingId: string; memberId: string; now: string };
export type BookingCommand = BookSession | ChangeBookingStatus | CancelOwnBooking;
export type BookingRejection = 'AlreadyBooked' | 'NotFound' | 'NotCancellable';

type Decision = { ok: true; events: BookingEvent[] } | { ok: false; reason: BookingRejection };

const statusChanged = (bookingId: string, status: BookingStatus, changedBy: string, changedAt: string): BookingEvent => ({
  type: 'SessionStatusChanged',
  data: { bookingId, status, changedBy, changedAt },
});

/** The statuses are fixed, the transitions ours (docs/product.md#booking-calls): an admin may set any status; a member may cancel a scheduled booking of their own. */
export function decideBooking(command: BookingCommand, state: Booking): Decision {
  switch (command.type) {
    case 'BookSession': {
      if (state.status !== 'none') return { ok: false, reason: 'AlreadyBooked' };
      const { type: _type, ...data } = command;
      return { ok: true, events: [{ type: 'SessionBooked', data }] };
    }
    case 'ChangeBookingStatus':
      if (state.status === 'none') return { ok: false, reason: 'NotFound' };
      if (state.status === command.status) return { ok: true, events: [] };
      return { ok: true, events: [statusChanged(command.bookingId, command.status, command.changedBy, command.now)] };
    case 'CancelOwnBooking':
      // Someone else's booking is answered exactly like one that does not exist.
      if (state.status === 'none' || state.memberId !== command.memberId) return { ok: false, reason: 'NotFound' };
      if (state.status === 'cancelled') return { ok: true, events: [] };
      if (state.status !== 'scheduled') return { ok: false, reason: 'NotCancellable' };
      return { ok: true, events: [statusChanged(command.bookingId, 'cancelled', command.memberId, command.now)] };
  }
}
