import type { Context } from 'koa';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { signedInUserId } from '@reflections/platform/session/session-middleware';
import type { CommandContext } from '@reflections/platform/command/command-context';
import { eventIdSeedOf } from './request-ids';

/** The request's context for a command by `userId`; one shape for both kinds, built without spread copies (it is made for every command). */
const contextFor = <U extends CommandContext['userId']>(ctx: Context, userId: U) => ({
  userId,
  correlationId: ctx.state.correlationId,
  eventIdSeed: eventIdSeedOf(ctx),
});

/** The request's command context: the signed-in user, if any. */
export const commandContext = (ctx: Context): CommandContext => contextFor(ctx, signedInUserId(ctx));

/** The command context of a request only a signed-in user may make: 401 for anyone else. */
export const memberContext = (ctx: Context): CommandContext & { userId: string } =>
  contextFor(ctx, requireSignedIn(ctx));
