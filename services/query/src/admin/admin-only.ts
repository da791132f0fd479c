import type { Middleware } from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import { forbidden, unauthorized } from '@reflections/platform/http/http-error';
import { signedInUserId } from '@reflections/platform/session/session-middleware';
import { UserAccount } from '../auth/user-account.entity';

declare module 'koa' {
  interface DefaultState {
    /** The signed-in member whose role a guard checked. */
    viewer?: UserAccount;
  }
}

/** Signed out: 401; `admin` required and someone else: 403. Checked on every request, from the users read model. */
export function signedIn(orm: MikroORM, role: 'member' | 'admin'): Middleware {
  return async function requireRole(ctx, next) {
    const userId = signedInUserId(ctx);
    const user = userId ? await orm.em.fork().findOne(UserAccount, { id: userId }) : null;
    if (!user) throw unauthorized();
    if (role === 'admin' && user.role !== 'admin') throw forbidden();
    ctx.state.viewer = user;
    await next();
  };
}

export const adminOnly = (orm: MikroORM) => signedIn(orm, 'admin');
