import type { MemberExport } from '@reflections/contracts/account';
import { isoString, type MemberRows } from '../plumbing/member-rows';
import { Booking } from './booking.entity';

/** His bookings, for his export (all of them, whenever booked). */
export const bookingsForExport: MemberRows<MemberExport['bookings'][number]> = async (em, userId, _range, limit) =>
  (await em.find(Booking, { userId }, { orderBy: { scheduledAt: 'desc', id: 'asc' }, limit })).map((booking) => ({
    id: booking.id,
    sessionTitle: booking.sessionTitle,
    serviceType: booking.serviceType,
    scheduledAt: isoString(booking.scheduledAt),
    status: booking.status,
    bookedAt: isoString(booking.bookedAt),
  }));
