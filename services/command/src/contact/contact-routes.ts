import { createHash, randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { ContactRequest } from '@reflections/contracts/contact';
import { contactStream } from '@reflections/contracts/streams';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import { signedInUserId } from '@reflections/platform/session/session-middleware';
import { toAppend } from '../infra/event-stream';

/** A UUID-shaped id derived from a client's Idempotency-Key, so a retried send is not stored twice. */
function idFromKey(key: string): string {
  const hex = createHash('sha256').update(`contact:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** POST /api/contact (spec 001 §7): the message becomes ContactMessageReceived on contact-{id}. */
export function contactRoutes(store: EventStore): Router {
  const router = new Router({ prefix: '/api/contact' });
  router.post('/', async (ctx) => {
    const request = decodeOrThrow(ContactRequest, ctx.request.jsonBody);
    const key = ctx.get('idempotency-key');
    const messageId = /^[\w-]{8,128}$/.test(key) ? idFromKey(key) : randomUUID();
    const event = toAppend(
      { type: 'ContactMessageReceived', data: { messageId, ...request, receivedAt: new Date().toISOString() } },
      { userId: signedInUserId(ctx), correlationId: ctx.state.correlationId },
      messageId,
    );
    const result = await store.appendToStream(contactStream(messageId), [event], { expectedRevision: 'any' });
    answerWithPosition(ctx, result.position, 201, { id: messageId, received: true });
  });
  return router;
}
