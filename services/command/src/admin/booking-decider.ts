import type { BookingEvent, BookingStatus, SessionBooked } from '@reflections/contracts/bookings';

export type Booking = { readonly status: 'none' | BookingStatus };
export const initialBooking: Booking = { status: 'none' };

export function evolveBooking(state: Booking, event: BookingEvent): Booking {
  switch (event.type) {
    case 'SessionBooked':
      return { status: 'scheduled' };
    case 'SessionStatusChanged':
      return { status: event.data.status };
  }
}

export type BookSession = { type: 'BookSession' } & SessionBooked['data'];
export type ChangeBookingStatus = { type: 'ChangeBookingStatus'; bookingId: string; status: BookingStatus; changedBy: string; now: string };
export type BookingCommand = BookSession | ChangeBookingStatus;
export type BookingRejection = 'AlreadyBooked' | 'NotFound';

type Decision = { ok: true; events: BookingEvent[] } | { ok: false; reason: BookingRejection };

/** Spec 001 §4 names the statuses but not the transitions: any status may follow any other. */
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
      return {
        ok: true,
        events: [{ type: 'SessionStatusChanged', data: { bookingId: command.bookingId, status: command.status, changedBy: command.changedBy, changedAt: command.now } }],
      };
  }
}
