import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import { derivedId } from '@reflections/platform/ids/derived-id';

/**
 * The id of what a creating request makes (a post, a reply, a message): derived from the
 * caller's Idempotency-Key when the request has one (see idempotentCreates), so a retry that
 * runs again after its first answer was lost names the same thing; random otherwise.
 */
export const newIdFor = (ctx: Context, purpose: string): string =>
  ctx.state.idempotentRequest ? derivedId('request', ctx.state.idempotentRequest, purpose) : randomUUID();

/** The seed of a keyed request's event ids (CommandContext.eventIdSeed), or none. */
export const eventIdSeedOf = (ctx: Context): string | undefined => ctx.state.idempotentRequest;
