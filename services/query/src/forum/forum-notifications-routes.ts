import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createSession } from 'better-sse';
import { HttpError } from '@reflections/platform/http/http-error';
import { onShutdown } from '@reflections/platform/process/shutdown';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { errorBody } from '@reflections/contracts/validation';
import type { ProjectionProgress } from '../projection-engine/projection-progress';
import { ForumLiveHub } from './forum-live-hub';
import { forumNotificationsReadModel } from './forum-notifications-read-model';
import { READ_MODELS } from '@reflections/contracts/admin';
import { reads } from '../projection-engine/read-your-writes';

const KEEP_ALIVE_MS = 15_000;
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
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    // Written straight to the socket: a browser leaving is the normal end of this answer, not an error to log.
    ctx.respond = false;
    const session = await createSession(ctx.req, ctx.res, {
      // Koa's status stays 404 until it responds itself, and better-sse would send that one.
      statusCode: 200,
      keepAlive: KEEP_ALIVE_MS,
      retry: RETRY_MS,
      trustClientEventId: false,
      headers: { 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
    });
    // The process is stopping: end the stream, and the browser reconnects (after `retry`) to a replica that is not.
    const stopOnShutdown = onShutdown(() => ctx.res.end());
    session.once('disconnected', stopOnShutdown);
    await hub.add(memberId, session);
  });

  return router;
}
