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
import { appended, handleCommand } from '@reflections/platform/command/command-handler';
import { notificationsDecider } from './notifications-decider';

/** POST /api/forum/notifications/read (issue 26): one notification, or all he has, read; on his own stream. */
export function notificationRoutes(store: EventStore): Router {
  const router = new Router();
  router.post('/api/forum/notifications/read', async (ctx) => {
    const memberId = requireSignedIn(ctx);
    const request = decodeOrThrow(MarkNotificationsReadRequest, ctx.request.jsonBody ?? {});
    const result = appended(
      await handleCommand(
        store,
        userStream(memberId),
        notificationsDecider,
        {
          type: 'MarkNotificationsRead',
          memberId,
          notificationId: request.notificationId ?? null,
          now: new Date().toISOString(),
        },
        { userId: memberId, correlationId: ctx.state.correlationId },
        { appendOnly: true },
      ),
    );
    const body: NotificationsReadResponse = { read: true };
    answerWithPosition(ctx, result.position, 200, body);
  });
  return router;
}
