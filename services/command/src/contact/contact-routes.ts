import Router from '@koa/router';
import type { Middleware } from 'koa';
import { ContactRequest, contactKindOf } from '@reflections/contracts/contact';
import { contactStream } from '@reflections/contracts/streams';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import { commandContext } from '../plumbing/command-context';
import { handleCommand } from '@reflections/platform/command/command-handler';
import { newIdFor } from '../plumbing/request-ids';
import { contactMessageDecider } from './contact-inbox-decider';

/** POST /api/contact (docs/product.md#contact-calls): the message becomes ContactMessageReceived on contact-{id}; `rateLimit` per address. */
export function contactRoutes(store: EventStore, rateLimit: Middleware): Router {
  const router = new Router({ prefix: '/api/contact' });
  router.post('/', rateLimit, async (ctx) => {
    const { kind, ...request } = decodeOrThrow(ContactRequest, ctx.request.jsonBody);
    // The event's id too: a retry whose first answer was lost is kept once.
    const messageId = newIdFor(ctx, 'contact-message');
    const outcome = await handleCommand(
      store,
      contactStream(messageId),
      contactMessageDecider,
      {
        type: 'Receive',
        messageId,
        ...request,
        kind: kind ?? contactKindOf(request.message),
        now: new Date().toISOString(),
      },
      commandContext(ctx),
      { newStream: true, eventIds: [messageId] },
    );
    if (!outcome.ok || !outcome.result)
      throw new Error(`a contact message with a fresh id was refused: ${outcome.ok ? 'no events' : outcome.reason}`);
    answerWithPosition(ctx, outcome.result.position, 201, { id: messageId, received: true });
  });
  return router;
}
