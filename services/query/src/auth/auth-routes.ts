import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AuthUser } from '@reflections/contracts/identity';
import { unauthorized } from '@reflections/platform/http/http-error';
import { signedInUserId } from '@reflections/platform/session/session-middleware';
import { UserAccount } from './user-account.entity';
import { READ_MODELS } from '@reflections/contracts/admin';
import { reads } from '../projection-engine/read-your-writes';

export const toAuthUser = (user: UserAccount): AuthUser => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  membershipType: user.membershipType,
  archetype: user.archetype,
  createdAt: user.createdAt.toISOString(),
});

/** GET /api/auth/user: the signed-in member, or 401. */
export function authRoutes(orm: MikroORM): Router {
  const router = new Router({ prefix: '/api/auth' });
  router.get('/user', reads(READ_MODELS.users), async (ctx) => {
    const userId = signedInUserId(ctx);
    const user = userId ? await orm.em.fork().findOne(UserAccount, { id: userId }) : null;
    if (!user) throw unauthorized();
    ctx.body = toAuthUser(user);
  });
  return router;
}
