import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openEventStream } from '@reflections/platform/http/event-stream';
import { HttpError } from '@reflections/platform/http/http-error';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { errorBody } from '@reflections/contracts/validation';
import type { ProjectionProgress } from '../projection-engine/projection-progress';
import { ForumLiveHub } from './forum-live-hub';
import { forumNotificationsReadModel } from './forum-notifications-read-model';
import { READ_MODELS } from '@reflections/contracts/admin';
import { reads } from '../projection-engine/read-your-writes';

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

  // The list joins the posts and replies (a hidden post's replies drop out) and their authors' names.
  const readsNotifications = reads(READ_MODELS.forumNotifications, READ_MODELS.forum, READ_MODELS.users);
  router.get('/notifications', readsNotifications, async (ctx) => {
    ctx.body = await model.list(requireSignedIn(ctx));
  });

  router.get('/live', reads(), async (ctx) => {
    const memberId = requireSignedIn(ctx);
    if (!hub.hasRoomFor(memberId)) throw new HttpError(429, errorBody('Too many open forum pages; please close one'));
    const stream = openEventStream(ctx, { retry: RETRY_MS });
    await hub.add(memberId, stream);
  });

  return router;
}
