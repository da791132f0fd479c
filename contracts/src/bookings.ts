import * as t from 'io-ts';
import { boundedText, uuid, withMessage } from './validation';

/** Coaching sessions, retreats and workshops a member books (stream booking-{id}). */

export const SERVICE_TYPES = ['coaching', 'retreat', 'workshop'] as const;
export const ServiceType = t.keyof({ coaching: null, retreat: null, workshop: null });
export type ServiceType = t.TypeOf<typeof ServiceType>;
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  coaching: 'Coaching session',
  retreat: 'Retreat',
  workshop: 'Workshop',
};

/** docs/product.md#booking-calls: scheduled, completed, cancelled. */
export const BOOKING_STATUSES = ['scheduled', 'completed', 'cancelled'] as const;
export const BookingStatus = t.keyof({ scheduled: null, completed: null, cancelled: null });
export type BookingStatus = t.TypeOf<typeof BookingStatus>;

export const BOOKING_MESSAGES = {
  title: 'Title must be between 3 and 120 characters',
  serviceType: 'Choose coaching, retreat or workshop',
  scheduledAt: 'Choose a date and time',
  inThePast: 'Choose a time in the future',
  member: 'Choose a member',
  status: 'Choose scheduled, completed or cancelled',
  notFound: 'No such booking',
  notCancellable: 'Only a scheduled booking can be cancelled',
} as const;

export const MAX_SESSION_TITLE_LENGTH = 120;

const sessionTitle = boundedText({
  min: 3,
  max: MAX_SESSION_TITLE_LENGTH,
  tooShort: BOOKING_MESSAGES.title,
  tooLong: BOOKING_MESSAGES.title,
  label: 'Title',
});

/** An ISO date-time, answered as its UTC ISO form. */
const dateTime = withMessage(
  Object.assign(
    new t.Type<string, string, unknown>(
      'DateTime',
      (u): u is string => typeof u === 'string' && !Number.isNaN(Date.parse(u)),
      (u, c) =>
        typeof u === 'string' && u.length <= 40 && !Number.isNaN(Date.parse(u))
          ? t.success(new Date(u).toISOString())
          : t.failure(u, c),
      t.identity,
    ),
    { format: 'date-time', maxLength: 40 },
  ),
  BOOKING_MESSAGES.scheduledAt,
);

const bookingFields = {
  sessionTitle,
  serviceType: withMessage(ServiceType, BOOKING_MESSAGES.serviceType),
  scheduledAt: dateTime,
};

/** POST /api/bookings: a member books for themselves. */
export const BookSessionRequest = t.exact(t.type(bookingFields));
export type BookSessionRequest = t.TypeOf<typeof BookSessionRequest>;

/** POST /api/admin/bookings: an admin books for a member. */
export const CreateBookingRequest = t.exact(t.type({ ...bookingFields, userId: uuid(BOOKING_MESSAGES.member) }));
export type CreateBookingRequest = t.TypeOf<typeof CreateBookingRequest>;

/** PATCH /api/admin/bookings/{id} */
export const ChangeBookingStatusRequest = t.exact(
  t.type({ status: withMessage(BookingStatus, BOOKING_MESSAGES.status) }),
);
export type ChangeBookingStatusRequest = t.TypeOf<typeof ChangeBookingStatusRequest>;

/** docs/product.md#booking-calls: an upcoming event, as the admin panel and the member's bookings show it. */
export const BookingView = t.type({
  id: t.string,
  sessionTitle: t.string,
  serviceType: ServiceType,
  userName: t.string,
  scheduledAt: t.string,
  status: BookingStatus,
});
export type BookingView = t.TypeOf<typeof BookingView>;

export const SessionBooked = t.type({
  type: t.literal('SessionBooked'),
  data: t.type({
    bookingId: t.string,
    userId: t.string,
    userName: t.string,
    sessionTitle: t.string,
    serviceType: ServiceType,
    scheduledAt: t.string,
    bookedBy: t.string,
    bookedAt: t.string,
  }),
});
export type SessionBooked = t.TypeOf<typeof SessionBooked>;

export const SessionStatusChanged = t.type({
  type: t.literal('SessionStatusChanged'),
  data: t.type({ bookingId: t.string, status: BookingStatus, changedBy: t.string, changedAt: t.string }),
});
export type SessionStatusChanged = t.TypeOf<typeof SessionStatusChanged>;

export const BookingEvent = t.union([SessionBooked, SessionStatusChanged]);
export type BookingEvent = t.TypeOf<typeof BookingEvent>;
