import Router from '@koa/router';
import {
  MarkNotificationsReadRequest,
  type NotificationsReadResponse,
} from '@reflections/contracts/forum-notifications';
import { userStream } from '@reflections/contracts/streams';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { appendEvents } from '@reflections/platform/command/command-handler';
import { decideMarkNotificationsRead } from './notifications-decider';

/** POST /api/forum/notifications/read (issue 26): one notification, or all he has, read; on his own stream. */
export function notificationRoutes(store: EventStore): Router {
  const router = new Router();
  router.post('/api/forum/notifications/read', async (ctx) => {
    const memberId = requireSignedIn(ctx);
    const request = decodeOrThrow(MarkNotificationsReadRequest, ctx.request.jsonBody ?? {});
    const events = decideMarkNotificationsRead({
      type: 'MarkNotificationsRead',
      memberId,
      notificationId: request.notificationId ?? null,
      now: new Date().toISOString(),
    });
    const appended = await appendEvents(
      store,
      userStream(memberId),
      events,
      { userId: memberId, correlationId: ctx.state.correlationId },
      'any',
    );
    const body: NotificationsReadResponse = { read: true };
    answerWithPosition(ctx, appended!.position, 200, body);
  });
  return router;
}
