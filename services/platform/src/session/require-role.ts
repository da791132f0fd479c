import type { Middleware } from 'koa';
import type { Role } from '@reflections/contracts/identity';
import { forbidden, unauthorized } from '../http/http-error';
import { signedInUserId } from './session-middleware';

/** The signed-in user as a service's own source of truth knows him (his stream, the users read model). */
export type ActingUser = { readonly id: string; readonly role: Role };

declare module 'koa' {
  interface DefaultState {
    /** The signed-in user whose role requireRole checked. */
    actingUser?: ActingUser;
  }
}

/**
 * The one role guard of both services: signed out, or unknown to `findUser`, 401; `admin`
 * required and someone else, 403. Checked on every request, so a role taken away counts at
 * once. Each service finds users in its own source of truth.
 */
export function requireRole(role: Role, findUser: (userId: string) => Promise<ActingUser | null>): Middleware {
  return async function checkRole(ctx, next) {
    const userId = signedInUserId(ctx);
    const user = userId ? await findUser(userId) : null;
    if (!user) throw unauthorized();
    if (role === 'admin' && user.role !== 'admin') throw forbidden();
    ctx.state.actingUser = user;
    await next();
  };
}

/** A service's two guards, made once by its app from its own source of truth and handed to every slice. */
export type RoleGuards = { readonly member: Middleware; readonly admin: Middleware };

export const roleGuards = (findUser: (userId: string) => Promise<ActingUser | null>): RoleGuards => ({
  member: requireRole('member', findUser),
  admin: requireRole('admin', findUser),
});
