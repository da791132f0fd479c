import Router from '@koa/router';
import { ADMIN_MESSAGES, ChangeMemberRequest } from '@reflections/contracts/admin';
import type { UserEvent } from '@reflections/contracts/identity-events';
import { userStream } from '@reflections/contracts/streams';
import { errorBody } from '@reflections/contracts/validation';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow, decodePathId } from '@reflections/platform/http/decode';
import { HttpError, notFound } from '@reflections/platform/http/http-error';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import { loadUser } from '../auth/identity-store';
import { decideUser, evolveUser, type UserCommand } from '../auth/user-decider';
import { appendEvents } from '../plumbing/command-handler';
import { memberContext } from '../plumbing/command-context';
import { adminOnly } from './admin-only';

/** PATCH /api/admin/users/{id}: an admin changes a member's membership type and role, through the user's decider. */
export function memberRoutes(store: EventStore): Router {
  const router = new Router({ prefix: '/api/admin/users' });
  router.use(adminOnly(store));
  router.patch('/:id', async (ctx) => {
    const userId = decodePathId(ctx.params.id, 'id');
    const change = decodeOrThrow(ChangeMemberRequest, ctx.request.jsonBody);
    const context = memberContext(ctx);
    if (change.role === 'member' && userId === context.userId) {
      throw new HttpError(400, errorBody(ADMIN_MESSAGES.ownAdminRole, { role: ADMIN_MESSAGES.ownAdminRole }));
    }
    const now = new Date().toISOString();
    const commands: UserCommand[] = [];
    if (change.membershipType) commands.push({ type: 'ChangeMembership', membershipType: change.membershipType, now });
    if (change.role) commands.push({ type: 'GrantRole', role: change.role, now });
    // Both changes are decided on one loaded state and appended together, or not at all.
    const { state, expectedRevision } = await loadUser(store, userId);
    let next = state;
    const events: UserEvent[] = [];
    for (const command of commands) {
      const decision = decideUser(command, next);
      if (!decision.ok) throw notFound(ADMIN_MESSAGES.memberNotFound);
      events.push(...decision.events);
      next = decision.events.reduce(evolveUser, next);
    }
    const result = await appendEvents(store, userStream(userId), events, context, expectedRevision);
    const body = { id: userId, membershipType: next.membershipType, role: next.role };
    if (result) answerWithPosition(ctx, result.position, 200, body);
    else ctx.body = body;
  });
  return router;
}
