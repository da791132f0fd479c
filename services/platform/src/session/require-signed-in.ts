import type Koa from 'koa';
import { unauthorized } from '../http/http-error';
import { signedInUserId } from './session-middleware';

/** The signed-in user's id, or a 401 for anyone signed out. */
export function requireSignedIn(ctx: Koa.Context): string {
  const userId = signedInUserId(ctx);
  if (!userId) throw unauthorized();
  return userId;
}
