import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { BookingView } from '@reflections/contracts/bookings';
import type { RoleGuards } from '@reflections/platform/session/require-role';
import { Booking } from './booking.entity';
import { READ_MODELS } from '@reflections/contracts/admin';
import { reads } from '../projection-engine/read-your-writes';

const UPCOMING_LIMIT = 20;
const ALL_LIMIT = 200;

const toView = (booking: Booking): BookingView => ({
  id: booking.id,
  sessionTitle: booking.sessionTitle,
  serviceType: booking.serviceType,
  userName: booking.userName,
  scheduledAt: booking.scheduledAt.toISOString(),
  status: booking.status,
});

/** The start of today (UTC): a session earlier today still counts as upcoming until the day ends. */
const startOfToday = () => new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);

/** GET /api/admin/upcoming-events (scheduled, soonest first), GET /api/admin/bookings (all), GET /api/bookings (the member's own). */
export function bookingReadRoutes(orm: MikroORM, roles: RoleGuards): Router[] {
  const admin = new Router({ prefix: '/api/admin' });
  admin.use(roles.admin);
  admin.get('/upcoming-events', reads(READ_MODELS.bookings), async (ctx) => {
    const bookings = await orm.em
      .fork()
      .find(
        Booking,
        { status: 'scheduled', scheduledAt: { $gte: startOfToday() } },
        { orderBy: { scheduledAt: 'asc' }, limit: UPCOMING_LIMIT },
      );
    ctx.body = bookings.map(toView);
  });
  admin.get('/bookings', reads(READ_MODELS.bookings), async (ctx) => {
    const bookings = await orm.em.fork().find(Booking, {}, { orderBy: { scheduledAt: 'desc' }, limit: ALL_LIMIT });
    ctx.body = bookings.map(toView);
  });

  const member = new Router({ prefix: '/api/bookings' });
  member.use(roles.member);
  member.get('/', reads(READ_MODELS.bookings), async (ctx) => {
    const bookings = await orm.em
      .fork()
      .find(Booking, { userId: ctx.state.actingUser!.id }, { orderBy: { scheduledAt: 'asc' }, limit: ALL_LIMIT });
    ctx.body = bookings.map(toView);
  });
  return [admin, member];
}
