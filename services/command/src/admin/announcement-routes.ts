import Router from '@koa/router';
import type { Context } from 'koa';
import { ANNOUNCEMENT_MESSAGES, AnnouncementRequest } from '@reflections/contracts/announcements';
import { announcementStream } from '@reflections/contracts/streams';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { decodeOrThrow, decodePathId } from '@reflections/platform/http/decode';
import { notFound } from '@reflections/platform/http/http-error';
import { answerWithPosition } from '@reflections/platform/http/position-header';
import { handleCommand } from '@reflections/platform/command/command-handler';
import { newIdFor } from '../plumbing/request-ids';
import type { RoleGuards } from '@reflections/platform/session/require-role';
import { type AnnouncementCommand, announcementDecider } from './announcement-decider';
import { memberContext } from '../plumbing/command-context';

/** POST, PUT /{id} and DELETE /{id} under /api/admin/announcements: publish, edit, withdraw. */
export function announcementRoutes(store: EventStore, roles: RoleGuards): Router {
  const router = new Router({ prefix: '/api/admin/announcements' });
  router.use(roles.admin);

  const run = async (
    ctx: Context,
    announcementId: string,
    command: (by: string, now: string) => AnnouncementCommand,
    status: number,
    body: object,
  ) => {
    const context = memberContext(ctx);
    const outcome = await handleCommand(
      store,
      announcementStream(announcementId),
      announcementDecider,
      command(context.userId, new Date().toISOString()),
      context,
    );
    if (!outcome.ok || !outcome.result) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
    answerWithPosition(ctx, outcome.result.position, status, { id: announcementId, ...body });
  };

  router.post('/', async (ctx) => {
    const { title, body } = decodeOrThrow(AnnouncementRequest, ctx.request.jsonBody);
    const announcementId = newIdFor(ctx, 'announcement');
    await run(ctx, announcementId, (by, now) => ({ type: 'Publish', announcementId, title, body, by, now }), 201, {
      title,
      body,
    });
  });
  router.put('/:id', async (ctx) => {
    const announcementId = decodePathId(ctx.params.id, 'id');
    const { title, body } = decodeOrThrow(AnnouncementRequest, ctx.request.jsonBody);
    await run(ctx, announcementId, (by, now) => ({ type: 'Edit', announcementId, title, body, by, now }), 200, {
      title,
      body,
    });
  });
  router.delete('/:id', async (ctx) => {
    const announcementId = decodePathId(ctx.params.id, 'id');
    await run(ctx, announcementId, (by, now) => ({ type: 'Withdraw', announcementId, by, now }), 200, {
      withdrawn: true,
    });
  });
  return router;
}
