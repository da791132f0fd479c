import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { type AdminUser, READ_MODELS, USER_SEARCH_LIMIT, UserSearchQuery } from '@reflections/contracts/admin';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import type { RoleGuards } from '@reflections/platform/session/require-role';
import { UserAccount } from './user-account.entity';
import { reads } from '../projection-engine/read-your-writes';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const toAdminUser = (user: UserAccount): AdminUser => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  membershipType: user.membershipType,
  role: user.role,
});

/**
 * GET /api/admin/users (docs/product.md#admin-calls): an admin's search of the members. An
 * admin's call on the users read model, so it sits with the slice that writes that model.
 */
export function adminUsersRoutes(orm: MikroORM, roles: RoleGuards): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(roles.admin);
  router.get('/users', reads(READ_MODELS.users), async (ctx) => {
    const { search } = decodeOrThrow(UserSearchQuery, ctx.query);
    const pattern = `%${escapeLike(search ?? '')}%`;
    const users = await orm.em.fork().find(
      UserAccount,
      search
        ? {
            $or: [
              { firstName: { $ilike: pattern } },
              { lastName: { $ilike: pattern } },
              { email: { $ilike: pattern } },
            ],
          }
        : {},
      { orderBy: { createdAt: 'desc' }, limit: USER_SEARCH_LIMIT },
    );
    ctx.body = users.map(toAdminUser);
  });
  return router;
}
