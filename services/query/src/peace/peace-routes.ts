import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PEACE_SECTIONS, type PeaceSummary } from '@reflections/contracts/peace';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { PeaceAnswer } from './peace-answer.entity';
import { PeaceCount } from './peace-count.entity';
import { READ_MODELS } from '@reflections/contracts/admin';
import { reads } from '../projection-engine/read-your-writes';

/**
 * GET /api/peace/summary: the member's answer count for each of the five sections, and which
 * of its questions he has answered, so that a section answered out of order (the third
 * question first) reads "1 of 3" and resumes at the first question still open.
 */
export function peaceRoutes(orm: MikroORM): Router {
  const router = new Router({ prefix: '/api/peace' });
  router.get('/summary', reads(READ_MODELS.peace, READ_MODELS.peaceAnswers), async (ctx) => {
    const userId = requireSignedIn(ctx);
    const em = orm.em.fork();
    const [counts, answers] = await Promise.all([
      em.find(PeaceCount, { userId }),
      em.find(PeaceAnswer, { userId }, { fields: ['section', 'prompt'] }),
    ]);
    const summary: PeaceSummary = {
      sections: PEACE_SECTIONS.map(({ id, prompts }) => {
        const asked = new Set(answers.filter((a) => a.section === id).map((a) => a.prompt));
        return {
          section: id,
          answered: counts.find((r) => r.section === id)?.answered ?? 0,
          answeredPrompts: prompts.flatMap((prompt, index) => (asked.has(prompt) ? [index] : [])),
        };
      }),
    };
    ctx.body = summary;
  });
  return router;
}
