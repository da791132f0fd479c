import Router from '@koa/router';
import type { Middleware } from 'koa';
import { ContactRequest, contactKindOf } from '@reflections/contracts/contact';
import { contactStream } from '@reflections/contracts/streams';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import { signedInUserId } from '@reflections/platform/session/session-middleware';
import { toAppend } from '../plumbing/command-handler';
import { newIdFor } from '../plumbing/request-ids';

/** POST /api/contact (docs/product.md#contact-calls): the message becomes ContactMessageReceived on contact-{id}; `rateLimit` per address. */
export function contactRoutes(store: EventStore, rateLimit: Middleware): Router {
  const router = new Router({ prefix: '/api/contact' });
  router.post('/', rateLimit, async (ctx) => {
    const { kind, ...request } = decodeOrThrow(ContactRequest, ctx.request.jsonBody);
    // The event's id too: a retry whose first answer was lost is kept once.
    const messageId = newIdFor(ctx, 'contact-message');
    const event = toAppend(
      { type: 'ContactMessageReceived', data: { messageId, ...request, kind: kind ?? contactKindOf(request.message), receivedAt: new Date().toISOString() } },
      { userId: signedInUserId(ctx), correlationId: ctx.state.correlationId },
      messageId,
    );
    const result = await store.appendToStream(contactStream(messageId), [event], { expectedRevision: 'any' });
    answerWithPosition(ctx, result.position, 201, { id: messageId, received: true });
  });
  return router;
}
