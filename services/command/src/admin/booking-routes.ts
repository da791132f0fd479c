import Router from '@koa/router';
import type { Context } from 'koa';
import { ADMIN_MESSAGES } from '@reflections/contracts/admin';
import {
  BOOKING_MESSAGES,
  BookSessionRequest,
  ChangeBookingStatusRequest,
  CreateBookingRequest,
} from '@reflections/contracts/bookings';
import { bookingStream } from '@reflections/contracts/streams';
import { errorBody } from '@reflections/contracts/validation';
import type { AppendResult, EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow, decodePathId } from '@reflections/platform/http/decode';
import { badRequest, HttpError, notFound } from '@reflections/platform/http/http-error';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import { answerCommand } from '../plumbing/answer-command';
import { handleCommand } from '@reflections/platform/command/command-handler';
import type { RoleGuards } from '@reflections/platform/session/require-role';
import { type Booking, bookingDecider } from './booking-decider';
import { memberContext } from '../plumbing/command-context';
import { newIdFor } from '../plumbing/request-ids';

/** A registered member's first name, null for anyone else: read from the identity slice, handed in by the app. */
export type MemberFirstName = (userId: string) => Promise<string | null>;

async function book(
  ctx: Context,
  store: EventStore,
  memberFirstName: MemberFirstName,
  request: BookSessionRequest & { userId: string },
) {
  const context = memberContext(ctx);
  const userName = await memberFirstName(request.userId);
  if (userName === null) throw notFound(ADMIN_MESSAGES.memberNotFound);
  const bookingId = newIdFor(ctx, 'booking');
  const outcome = await handleCommand(
    store,
    bookingStream(bookingId),
    bookingDecider,
    {
      type: 'BookSession',
      bookingId,
      ...request,
      userName,
      bookedBy: context.userId,
      bookedAt: new Date().toISOString(),
    },
    context,
  );
  if (!outcome.ok || !outcome.result)
    throw new Error(`booking a fresh id was refused: ${outcome.ok ? 'no events' : outcome.reason}`);
  answerWithPosition(ctx, outcome.result.position, 201, {
    id: bookingId,
    userName,
    sessionTitle: request.sessionTitle,
    serviceType: request.serviceType,
    scheduledAt: request.scheduledAt,
    status: 'scheduled',
  });
}

/** A booking's status after a change; a change that appended nothing (already so) has no position to wait for. */
function answerStatus(ctx: Context, bookingId: string, outcome: { state: Booking; result: AppendResult | null }) {
  const body = { id: bookingId, status: outcome.state.status };
  answerCommand(ctx, outcome.result, 200, body);
}

/** POST /api/bookings: a member books a coaching session, retreat or workshop slot for themselves; POST /api/bookings/{id}/cancel cancels one. */
export function memberBookingRoutes(store: EventStore, roles: RoleGuards, memberFirstName: MemberFirstName): Router {
  const router = new Router({ prefix: '/api/bookings' });
  router.use(roles.member);
  router.post('/', async (ctx) => {
    const request = decodeOrThrow(BookSessionRequest, ctx.request.jsonBody);
    if (Date.parse(request.scheduledAt) <= Date.now())
      throw badRequest(errorBody(BOOKING_MESSAGES.inThePast, { scheduledAt: BOOKING_MESSAGES.inThePast }));
    await book(ctx, store, memberFirstName, { ...request, userId: memberContext(ctx).userId });
  });
  router.post('/:id/cancel', async (ctx) => {
    const context = memberContext(ctx);
    const bookingId = decodePathId(ctx.params.id, 'id');
    const outcome = await handleCommand(
      store,
      bookingStream(bookingId),
      bookingDecider,
      { type: 'CancelOwnBooking', bookingId, memberId: context.userId, now: new Date().toISOString() },
      context,
    );
    if (!outcome.ok)
      throw outcome.reason === 'NotCancellable'
        ? new HttpError(409, errorBody(BOOKING_MESSAGES.notCancellable))
        : notFound(BOOKING_MESSAGES.notFound);
    answerStatus(ctx, bookingId, outcome);
  });
  return router;
}

/** POST /api/admin/bookings and PATCH /api/admin/bookings/{id}: an admin books for a member and changes a booking's status. */
export function adminBookingRoutes(store: EventStore, roles: RoleGuards, memberFirstName: MemberFirstName): Router {
  const router = new Router({ prefix: '/api/admin/bookings' });
  router.use(roles.admin);
  router.post('/', async (ctx) => {
    await book(ctx, store, memberFirstName, decodeOrThrow(CreateBookingRequest, ctx.request.jsonBody));
  });
  router.patch('/:id', async (ctx) => {
    const bookingId = decodePathId(ctx.params.id, 'id');
    const { status } = decodeOrThrow(ChangeBookingStatusRequest, ctx.request.jsonBody);
    const context = memberContext(ctx);
    const outcome = await handleCommand(
      store,
      bookingStream(bookingId),
      bookingDecider,
      { type: 'ChangeBookingStatus', bookingId, status, changedBy: context.userId, now: new Date().toISOString() },
      context,
    );
    if (!outcome.ok) throw notFound(BOOKING_MESSAGES.notFound);
    answerStatus(ctx, bookingId, outcome);
  });
  return router;
}
