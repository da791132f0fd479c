import type { Context } from 'koa';
import type { CommandContext } from '../plumbing/event-stream';
import { eventIdSeedOf } from '../plumbing/request-ids';

/** The acting user (checked by a guard) and the request's correlation id. */
export function actingContext(ctx: Context): CommandContext & { userId: string } {
  const userId = ctx.state.actingUserId;
  if (!userId) throw new Error('actingContext needs a role guard before the route');
  return { userId, correlationId: ctx.state.correlationId, eventIdSeed: eventIdSeedOf(ctx) };
}
