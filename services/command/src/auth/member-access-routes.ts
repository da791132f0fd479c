import Router from '@koa/router';
import { ADMIN_MESSAGES, ChangeMemberRequest } from '@reflections/contracts/admin';
import { userStream } from '@reflections/contracts/streams';
import { errorBody } from '@reflections/contracts/validation';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow, decodePathId } from '@reflections/platform/http/decode';
import { HttpError, notFound } from '@reflections/platform/http/http-error';
import { userDecider } from './user-decider';
import { memberContext } from '../plumbing/command-context';
import { answerCommand } from '../plumbing/answer-command';
import { handleCommand } from '@reflections/platform/command/command-handler';
import type { RoleGuards } from '@reflections/platform/session/require-role';

/**
 * PATCH /api/admin/users/{id}: an admin changes a member's membership type and role. An admin's
 * call, but a command on the member's own stream, so it sits with the identity slice's commands.
 */
export function memberAccessRoutes(store: EventStore, roles: RoleGuards): Router {
  const router = new Router({ prefix: '/api/admin/users' });
  router.use(roles.admin);
  router.patch('/:id', async (ctx) => {
    const userId = decodePathId(ctx.params.id, 'id');
    const change = decodeOrThrow(ChangeMemberRequest, ctx.request.jsonBody);
    const context = memberContext(ctx);
    if (change.role === 'member' && userId === context.userId) {
      throw new HttpError(400, errorBody(ADMIN_MESSAGES.ownAdminRole, { role: ADMIN_MESSAGES.ownAdminRole }));
    }
    const command = {
      type: 'ChangeAccess',
      membershipType: change.membershipType,
      role: change.role,
      now: new Date().toISOString(),
    } as const;
    const outcome = await handleCommand(store, userStream(userId), userDecider, command, context);
    if (!outcome.ok) throw notFound(ADMIN_MESSAGES.memberNotFound);
    const body = { id: userId, membershipType: outcome.state.membershipType, role: outcome.state.role };
    answerCommand(ctx, outcome.result, 200, body);
  });
  return router;
}
