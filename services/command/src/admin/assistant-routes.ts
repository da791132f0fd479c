import Router from '@koa/router';
import { ADMIN_MESSAGES, AiAssistantRequest, type AiAssistantResponse } from '@reflections/contracts/admin';
import { errorBody } from '@reflections/contracts/validation';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow } from '@reflections/platform/http/decode';
import { HttpError } from '@reflections/platform/http/http-error';
import type { RoleGuards } from '@reflections/platform/session/require-role';

/** Asks the AI worker's admin.assistant job; rejects when the worker is down or too slow. */
export type AdminAssistant = (
  question: string,
  context: AiAssistantRequest['context'],
  meta: { requestedBy: string; correlationId: string },
) => Promise<string>;

/** POST /api/admin/ai-assistant: `{ response }`, or an `{ error }` body with 400 or 503 (docs/product.md#admin-calls). */
export function assistantRoutes(store: EventStore, askAssistant: AdminAssistant | null, roles: RoleGuards): Router {
  const router = new Router({ prefix: '/api/admin/ai-assistant' });
  router.use(roles.admin);
  router.post('/', async (ctx) => {
    const { question, context } = decodeOrThrow(AiAssistantRequest, ctx.request.jsonBody);
    if (!askAssistant) throw new HttpError(503, errorBody(ADMIN_MESSAGES.assistantUnavailable));
    let response: string;
    try {
      response = await askAssistant(question, context, {
        requestedBy: ctx.state.actingUser!.id,
        correlationId: ctx.state.correlationId,
      });
    } catch {
      throw new HttpError(503, errorBody(ADMIN_MESSAGES.assistantUnavailable));
    }
    const body: AiAssistantResponse = { response };
    ctx.body = body;
  });
  return router;
}
