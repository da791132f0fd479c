import Router from '@koa/router';
import { CONTACT_INBOX_MESSAGES, ChangeContactStatusRequest } from '@reflections/contracts/contact';
import { contactStream } from '@reflections/contracts/streams';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow, decodePathId } from '@reflections/platform/http/decode';
import { conflict, notFound } from '@reflections/platform/http/http-error';
import type { RoleGuards } from '@reflections/platform/session/require-role';
import { memberContext } from '../plumbing/command-context';
import { answerCommand } from '../plumbing/answer-command';
import { handleCommand } from '@reflections/platform/command/command-handler';
import { contactMessageDecider } from './contact-inbox-decider';

/** POST /api/admin/contact-messages/{id}/status: an admin marks a message answered or closed. */
export function contactInboxRoutes(store: EventStore, roles: RoleGuards): Router {
  const router = new Router({ prefix: '/api/admin/contact-messages' });
  router.use(roles.admin);
  router.post('/:id/status', async (ctx) => {
    const messageId = decodePathId(ctx.params.id, 'id');
    const { status } = decodeOrThrow(ChangeContactStatusRequest, ctx.request.jsonBody);
    const context = memberContext(ctx);
    const outcome = await handleCommand(
      store,
      contactStream(messageId),
      contactMessageDecider,
      { type: 'ChangeStatus', messageId, status, by: context.userId, now: new Date().toISOString() },
      context,
    );
    if (!outcome.ok)
      throw outcome.reason === 'Backwards'
        ? conflict(CONTACT_INBOX_MESSAGES.backwards)
        : notFound(CONTACT_INBOX_MESSAGES.notFound);
    const body = { id: messageId, status: outcome.state.status };
    answerCommand(ctx, outcome.result, 200, body);
  });
  return router;
}
