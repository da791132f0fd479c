import { EntitySchema } from '@mikro-orm/core';
import type { BookingStatus, ServiceType } from '@reflections/contracts/bookings';

/** A booked coaching session, retreat or workshop slot: the admin's events list and the member's bookings. */
export class Booking {
  id!: string;
  userId!: string;
  userName!: string;
  sessionTitle!: string;
  serviceType!: ServiceType;
  scheduledAt!: Date;
  status!: BookingStatus;
  bookedAt!: Date;
}

export const BookingSchema = new EntitySchema<Booking>({
  class: Booking,
  tableName: 'bookings',
  properties: {
    id: { type: 'uuid', primary: true },
    userId: { type: 'uuid' },
    userName: { type: 'text' },
    sessionTitle: { type: 'text' },
    serviceType: { type: 'string' },
    scheduledAt: { type: 'Date', columnType: 'timestamptz' },
    status: { type: 'string' },
    bookedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
