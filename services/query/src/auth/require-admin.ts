import type Koa from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import { forbidden, unauthorized } from '@reflections/platform/http/http-error';
import { signedInUserId } from '@reflections/platform/session/session-middleware';
import { UserAccount } from './user-account.entity';

/** Admin endpoints: 401 without a session, 403 for a member; the role comes from the read model, never the client. */
export function requireAdmin(orm: MikroORM): Koa.Middleware {
  return async function adminOnly(ctx, next) {
    const userId = signedInUserId(ctx);
    const user = userId ? await orm.em.fork().findOne(UserAccount, { id: userId }) : null;
    if (!user) throw unauthorized();
    if (user.role !== 'admin') throw forbidden();
    await next();
  };
}
