import Router from '@koa/router';
import {
  isPeacePrompt,
  PEACE_MESSAGES,
  PeaceResponseRequest,
  type PeaceResponseSaved,
} from '@reflections/contracts/peace';
import { peaceStream } from '@reflections/contracts/streams';
import { errorBody } from '@reflections/contracts/validation';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { badRequest } from '@reflections/platform/http/http-error';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { handleCommand } from '@reflections/platform/command/command-handler';
import { eventIdSeedOf, newIdFor } from '../plumbing/request-ids';
import { peaceDecider } from './peace-decider';

/** POST /api/peace/response (docs/product.md#peace-calls): one answer to one of a section's questions. */
export function peaceRoutes(store: EventStore): Router {
  const router = new Router({ prefix: '/api/peace' });
  router.post('/response', async (ctx) => {
    const userId = requireSignedIn(ctx);
    const request = decodeOrThrow(PeaceResponseRequest, ctx.request.jsonBody);
    if (!isPeacePrompt(request.section, request.prompt))
      throw badRequest(errorBody(PEACE_MESSAGES.prompt, { prompt: PEACE_MESSAGES.prompt }));
    const responseId = newIdFor(ctx, 'peace-response');
    const context = { userId, correlationId: ctx.state.correlationId, eventIdSeed: eventIdSeedOf(ctx) };
    const outcome = await handleCommand(
      store,
      peaceStream(userId),
      peaceDecider,
      { type: 'RecordPeaceResponse', responseId, userId, ...request, now: new Date().toISOString() },
      context,
    );
    if (!outcome.ok) throw new Error(`a peace answer was refused: ${outcome.reason}`);
    const saved: PeaceResponseSaved = {
      id: responseId,
      section: request.section,
      answered: outcome.state.answered[request.section] ?? 0,
    };
    answerWithPosition(ctx, outcome.result!.position, 201, saved);
  });
  return router;
}
