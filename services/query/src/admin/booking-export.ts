import type { MemberExport } from '@reflections/contracts/account';
import { ALL_TIME, hisNewestRows, isoString, type MemberRows } from '../plumbing/member-rows';
import { Booking } from './booking.entity';

/** His bookings, for his export (all of them, whenever booked). */
export const bookingsForExport: MemberRows<MemberExport['bookings'][number]> = async (em, userId, _range, limit) =>
  (await hisNewestRows(em, Booking, userId, 'scheduledAt', ALL_TIME, limit)).map((booking) => ({
    id: booking.id,
    sessionTitle: booking.sessionTitle,
    serviceType: booking.serviceType,
    scheduledAt: isoString(booking.scheduledAt),
    status: booking.status,
    bookedAt: isoString(booking.bookedAt),
  }));
