import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openEventStream } from '@reflections/platform/http/event-stream';
import { HttpError } from '@reflections/platform/http/http-error';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { errorBody } from '@reflections/contracts/validation';
import type { ProjectionProgress } from '../projection-engine/projection-progress';
import { ForumLiveHub } from './forum-live-hub';
import { forumNotificationsReadModel } from './forum-notifications-read-model';

/** EventSource waits this long before reconnecting after a drop. */
const RETRY_MS = 2000;

/**
 * A member's forum notifications (issue 26), and GET /api/forum/live: server-sent events for
 * his unread count and for every change to the boards (which post, what kind of change;
 * never who), so an open board or post can follow them.
 */
export function forumNotificationRoutes(orm: MikroORM, projections: ProjectionProgress): Router {
  const router = new Router({ prefix: '/api/forum' });
  const model = forumNotificationsReadModel(orm);
  const hub = new ForumLiveHub(model, projections);

  router.get('/notifications', async (ctx) => {
    ctx.body = await model.list(requireSignedIn(ctx));
  });

  router.get('/live', async (ctx) => {
    const memberId = requireSignedIn(ctx);
    if (!hub.hasRoomFor(memberId)) throw new HttpError(429, errorBody('Too many open forum pages; please close one'));
    const stream = openEventStream(ctx, { retry: RETRY_MS });
    await hub.add(memberId, stream);
  });

  return router;
}
