import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { UserActivity, UserStats } from '@reflections/contracts/dashboard';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { MemberActivity } from './member-activity.entity';
import { READ_MODELS } from '@reflections/contracts/admin';
import { reads } from '../projection-engine/read-your-writes';

const ACTIVITIES_SHOWN = 20;

/** A member's figures from what he wrote (the journal slice's), handed in by the app. */
export type MemberStats = (userId: string) => Promise<UserStats>;

/** GET /api/user/stats and GET /api/user/activities: the signed-in member's own. */
export function memberRoutes(orm: MikroORM, statsOf: MemberStats): Router {
  const router = new Router({ prefix: '/api/user' });
  router.get('/stats', reads(READ_MODELS.journal), async (ctx) => {
    const userId = requireSignedIn(ctx);
    ctx.body = await statsOf(userId);
  });
  router.get('/activities', reads(READ_MODELS.memberActivities), async (ctx) => {
    const userId = requireSignedIn(ctx);
    const rows = await orm.em
      .fork()
      .find(MemberActivity, { userId }, { orderBy: { at: 'desc', id: 'desc' }, limit: ACTIVITIES_SHOWN });
    ctx.body = rows.map((row): UserActivity => ({
      id: row.id,
      kind: row.kind,
      summary: row.summary,
      at: row.at.toISOString(),
    }));
  });
  return router;
}
