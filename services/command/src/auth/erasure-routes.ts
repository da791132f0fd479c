import Router from '@koa/router';
import type { Context } from 'koa';
import { ADMIN_MESSAGES, EraseMemberRequest } from '@reflections/contracts/admin';
import type { ErasureReason } from '@reflections/contracts/identity-events';
import { DeleteAccountRequest } from '@reflections/contracts/settings';
import { eraseMemberData } from '@reflections/platform/event-store/encrypting-event-store';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow, decodePathId } from '@reflections/platform/http/decode';
import { notFound } from '@reflections/platform/http/http-error';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import type { PostgresIdempotencyStore } from '@reflections/platform/http/idempotency-store';
import type { PostgresSessionStore } from '@reflections/platform/session/postgres-session-store';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import type { RoleGuards } from '@reflections/platform/session/require-role';
import { userStream } from '@reflections/contracts/streams';
import type { CommandContext } from '@reflections/platform/command/command-context';
import { commandContext, memberContext } from '../plumbing/command-context';
import { handleCommand } from '@reflections/platform/command/command-handler';
import { loadUser } from './identity-store';
import { userDecider } from './user-decider';
import type { LoginThrottle } from './login-throttle';
import { confirmedByPassword } from './settings-routes';

/**
 * Erasure by crypto-shredding (issue 24): MemberErased on his stream first (the read models
 * drop or anonymise him from it), then his data key is destroyed, then every session of his
 * ends, and the answers kept for his retried requests are forgotten. A retry after a failure
 * part-way finds him erased and does the remaining steps again.
 */
type Erasure = { store: EventStore; sessions: PostgresSessionStore; idempotency: PostgresIdempotencyStore };

async function eraseMember(
  ctx: Context,
  { store, sessions, idempotency }: Erasure,
  userId: string,
  erasedBy: string,
  reason: ErasureReason,
  context: CommandContext,
) {
  const outcome = await handleCommand(
    store,
    userStream(userId),
    userDecider,
    { type: 'EraseMember', erasedBy, reason, now: new Date().toISOString() },
    context,
  );
  if (!outcome.ok) throw notFound(ADMIN_MESSAGES.memberNotFound);
  await eraseMemberData(store, userId);
  await sessions.destroyAllOf(userId);
  await idempotency.forgetMember(userId);
  const body = { erased: true };
  if (outcome.result) answerWithPosition(ctx, outcome.result.position, 200, body);
  else ctx.body = body;
}

/** DELETE /api/me (his own account, confirmed by his password and DELETE typed out) and POST /api/admin/users/{id}/erase. */
export function erasureRoutes(erasure: Erasure, throttle: LoginThrottle, roles: RoleGuards): Router {
  const { store } = erasure;
  const router = new Router();

  router.delete('/api/me', async (ctx) => {
    const userId = requireSignedIn(ctx);
    const { password } = decodeOrThrow(DeleteAccountRequest, ctx.request.jsonBody);
    await confirmedByPassword(ctx, throttle, password, (await loadUser(store, userId)).state, 'password');
    await eraseMember(ctx, erasure, userId, userId, 'own-request', { ...commandContext(ctx), eventIdSeed: undefined });
    ctx.session = null;
  });

  router.post('/api/admin/users/:id/erase', roles.admin, async (ctx) => {
    const userId = decodePathId(ctx.params.id, 'id');
    const { reason } = decodeOrThrow(EraseMemberRequest, ctx.request.jsonBody);
    const context = memberContext(ctx);
    await eraseMember(ctx, erasure, userId, context.userId, reason, { ...context, eventIdSeed: undefined });
    if (userId === context.userId) ctx.session = null;
  });

  return router;
}
