import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PEACE_SECTION_IDS, type PeaceSummary } from '@reflections/contracts/peace';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { PeaceCount } from './peace-count.entity';

/** GET /api/peace/summary: the member's answer count for each of the five sections. */
export function peaceRoutes(orm: MikroORM): Router {
  const router = new Router({ prefix: '/api/peace' });
  router.get('/summary', async (ctx) => {
    const userId = requireSignedIn(ctx);
    const rows = await orm.em.fork().find(PeaceCount, { userId });
    const summary: PeaceSummary = { sections: PEACE_SECTION_IDS.map((section) => ({ section, answered: rows.find((r) => r.section === section)?.answered ?? 0 })) };
    ctx.body = summary;
  });
  return router;
}
