import Router from '@koa/router';
import type * as t from 'io-ts';
import { isPeacePrompt, PEACE_MESSAGES, PeaceResponseRecorded, PeaceResponseRequest, type PeaceResponseSaved } from '@reflections/contracts/peace';
import { peaceStream } from '@reflections/contracts/streams';
import { errorBody } from '@reflections/contracts/validation';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { badRequest } from '@reflections/platform/http/http-error';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { appendEvents, loadStream } from '../plumbing/command-handler';
import { eventIdSeedOf, newIdFor } from '../plumbing/request-ids';
import { decidePeace, evolvePeaceAnswers, initialPeaceAnswers } from './peace-decider';

const PeaceEventCodec = PeaceResponseRecorded as unknown as t.Type<PeaceResponseRecorded, unknown, unknown>;

/** POST /api/peace/response (docs/product.md#peace-calls): one answer to one of a section's questions. */
export function peaceRoutes(store: EventStore): Router {
  const router = new Router({ prefix: '/api/peace' });
  router.post('/response', async (ctx) => {
    const userId = requireSignedIn(ctx);
    const request = decodeOrThrow(PeaceResponseRequest, ctx.request.jsonBody);
    if (!isPeacePrompt(request.section, request.prompt)) throw badRequest(errorBody(PEACE_MESSAGES.prompt, { prompt: PEACE_MESSAGES.prompt }));
    const stream = peaceStream(userId);
    const context = { userId, correlationId: ctx.state.correlationId, eventIdSeed: eventIdSeedOf(ctx) };
    const { state, expectedRevision } = await loadStream(store, stream, { codec: PeaceEventCodec, evolve: evolvePeaceAnswers, initialState: initialPeaceAnswers }, context.eventIdSeed);
    const events = decidePeace({ type: 'RecordPeaceResponse', responseId: newIdFor(ctx, 'peace-response'), userId, ...request, now: new Date().toISOString() }, state);
    const result = await appendEvents(store, stream, events, context, expectedRevision);
    const next = events.reduce(evolvePeaceAnswers, state);
    const saved: PeaceResponseSaved = { id: events[0].data.responseId, section: request.section, answered: next.answered[request.section] ?? 0 };
    answerWithPosition(ctx, result!.position, 201, saved);
  });
  return router;
}
