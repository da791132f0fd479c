import { BookingEvent, type BookingStatus, type SessionBooked } from '@reflections/contracts/bookings';
import { accept, type Decider, type Decision, type Rejection, reject } from '@reflections/platform/command/decider';

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
export type ChangeBookingStatus = {
  type: 'ChangeBookingStatus';
  bookingId: string;
  status: BookingStatus;
  changedBy: string;
  now: string;
};
/** A member cancels one of their own bookings. */
export type CancelOwnBooking = { type: 'CancelOwnBooking'; bookingId: string; memberId: string; now: string };
export type BookingCommand = BookSession | ChangeBookingStatus | CancelOwnBooking;
export type BookingRejection = 'AlreadyBooked' | 'NotFound' | 'NotCancellable';

type BookingDecision = Decision<BookingEvent, Rejection<BookingRejection>>;

const statusChanged = (
  bookingId: string,
  status: BookingStatus,
  changedBy: string,
  changedAt: string,
): BookingEvent => ({
  type: 'SessionStatusChanged',
  data: { bookingId, status, changedBy, changedAt },
});

/** The statuses are fixed, the transitions ours (docs/product.md#booking-calls): an admin may set any status; a member may cancel a scheduled booking of their own. */
export function decideBooking(command: BookingCommand, state: Booking): BookingDecision {
  switch (command.type) {
    case 'BookSession': {
      if (state.status !== 'none') return reject('AlreadyBooked');
      const { type: _type, ...data } = command;
      return accept({ type: 'SessionBooked', data });
    }
    case 'ChangeBookingStatus':
      if (state.status === 'none') return reject('NotFound');
      if (state.status === command.status) return accept();
      return accept(statusChanged(command.bookingId, command.status, command.changedBy, command.now));
    case 'CancelOwnBooking':
      // Someone else's booking is answered exactly like one that does not exist.
      if (state.status === 'none' || state.memberId !== command.memberId) return reject('NotFound');
      if (state.status === 'cancelled') return accept();
      if (state.status !== 'scheduled') return reject('NotCancellable');
      return accept(statusChanged(command.bookingId, 'cancelled', command.memberId, command.now));
  }
}

export const bookingDecider: Decider<Booking, BookingCommand, BookingEvent, Rejection<BookingRejection>> = {
  codec: BookingEvent,
  initialState: initialBooking,
  evolve: evolveBooking,
  decide: decideBooking,
};
