import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ForumBoard } from '@reflections/contracts/forum';
import type { SlowModeAdminView, SlowModeView } from '@reflections/contracts/forum-slow-mode';
import type { RoleGuards } from '@reflections/platform/session/require-role';
import { boundQuery } from '../projection-engine/bound-query';
import { reads } from '../projection-engine/read-your-writes';
import { READ_MODELS } from '@reflections/contracts/admin';

const BOARDS = Object.keys(ForumBoard.keys) as ForumBoard[];

type Row = { board: ForumBoard; seconds: number; reason: string; set_at: Date; set_by_name: string | null };

/** Every board, set or not (a board no moderator ever touched is off). */
async function slowModes(orm: MikroORM): Promise<SlowModeAdminView[]> {
  const rows = (await boundQuery(
    orm.em.fork(),
    `SELECT s.board, s.seconds, s.reason, s.set_at, u.first_name AS set_by_name
       FROM forum_slow_mode s LEFT JOIN user_accounts u ON u.id = s.set_by`,
    [],
  )) as Row[];
  return BOARDS.map((board) => {
    const row = rows.find((candidate) => candidate.board === board);
    return {
      board,
      seconds: row?.seconds ?? 0,
      reason: row?.reason ?? null,
      setAt: row ? new Date(row.set_at).toISOString() : null,
      setByName: row?.set_by_name ?? null,
    };
  });
}

/** Slow mode as each board shows it to members, and with its why to moderators (docs/product.md#slow-mode). */
export function forumSlowModeRoutes(orm: MikroORM, roles: RoleGuards): Router {
  const router = new Router();
  router.get('/api/forum/slow-mode', reads(READ_MODELS.forumSlowMode), async (ctx) => {
    ctx.body = (await slowModes(orm)).map(({ board, seconds }): SlowModeView => ({ board, seconds }));
  });
  router.get(
    '/api/admin/moderation/slow-mode',
    roles.admin,
    reads(READ_MODELS.forumSlowMode, READ_MODELS.users),
    async (ctx) => {
      ctx.body = await slowModes(orm);
    },
  );
  return router;
}
