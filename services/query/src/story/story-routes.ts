import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { StorySessionView } from '@reflections/contracts/story';
import { decodePathId } from '@reflections/platform/http/decode';
import { notFound } from '@reflections/platform/http/http-error';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { StorySessionRow } from './story-session.entity';
import { READ_MODELS } from '@reflections/contracts/admin';
import { reads } from '../projection-engine/read-your-writes';

export const toStorySessionView = (row: StorySessionRow): StorySessionView => ({
  id: row.id,
  sessionStatus: row.status,
  currentStep: row.currentStep,
  aiPrompts: row.prompts,
  userResponses: row.responses,
  completionTimestamp: row.completedAt?.toISOString() ?? null,
  storyText: row.storyText,
  sessionDuration: row.sessionDuration,
  startedAt: row.startedAt.toISOString(),
  crisisResources: row.crisisResourcesShown,
});

/** GET /api/five-minute-story/session (the member's latest, or null) and /session/{id} (owner only). */
export function storyRoutes(orm: MikroORM): Router {
  const router = new Router({ prefix: '/api/five-minute-story/session' });
  router.get('/', reads(READ_MODELS.story), async (ctx) => {
    const userId = requireSignedIn(ctx);
    const latest = await orm.em
      .fork()
      .findOne(StorySessionRow, { userId }, { orderBy: { startedAt: 'desc', id: 'desc' } });
    // Koa answers a null body with 204; the client expects JSON either way.
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(latest ? toStorySessionView(latest) : null);
  });
  router.get('/:id', reads(READ_MODELS.story), async (ctx) => {
    const userId = requireSignedIn(ctx);
    const row = await orm.em.fork().findOne(StorySessionRow, { id: decodePathId(ctx.params.id, 'id'), userId });
    if (!row) throw notFound('No such story session');
    ctx.body = toStorySessionView(row);
  });
  return router;
}
