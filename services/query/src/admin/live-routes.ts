import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { LiveChange } from '@reflections/contracts/admin';
import { comparePositions, formatPosition, parsePosition, type Position } from '@reflections/contracts/position';
import type { ProjectionProgress } from '../infra/projection-progress';
import { onShutdown } from '@reflections/platform/process/shutdown';
import { requireRole } from '@reflections/platform/session/require-role';
import { knownMember } from '../auth/known-member';

/** Batches applied within this long go out as one change, so one registration is one refetch. */
const COALESCE_MS = 50;
const HEARTBEAT_MS = 15_000;
/** EventSource waits this long before reconnecting after a drop. */
const RETRY_MS = 1000;
/** Sent when a reconnecting client may have missed changes of any read model. */
export const ALL_READ_MODELS = '*';

const frame = (position: Position, change: LiveChange) => `id: ${formatPosition(position)}\nevent: change\ndata: ${JSON.stringify(change)}\n\n`;

/**
 * GET /api/admin/live: server-sent events whenever projectors applied events. Each change
 * carries, as its id, the checkpoint reached; a client reconnecting with Last-Event-ID
 * behind the projectors gets a change naming every read model at once, so no change is lost.
 */
export function liveRoutes(orm: MikroORM, projections: ProjectionProgress): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(requireRole('admin', knownMember(orm)));
  router.get('/live', (ctx) => {
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    // Written straight to the socket: a browser leaving is the normal end of this answer, not an error to log.
    ctx.respond = false;
    ctx.status = 200;
    const stream = ctx.res;
    stream.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no', Connection: 'keep-alive' });
    stream.write(`retry: ${RETRY_MS}\n\n`);

    let highest = projections.latest();
    const lastSeen = parsePosition(ctx.get('last-event-id'));
    if (lastSeen && comparePositions(highest, lastSeen) > 0) stream.write(frame(highest, { position: formatPosition(highest), readModels: [ALL_READ_MODELS] }));

    let pending = new Set<string>();
    let timer: NodeJS.Timeout | null = null;
    const flush = () => {
      timer = null;
      const change: LiveChange = { position: formatPosition(highest), readModels: [...pending].sort() };
      pending = new Set();
      stream.write(frame(highest, change));
    };
    const stopListening = projections.onApplied(({ projector, position }) => {
      if (comparePositions(position, highest) > 0) highest = position;
      pending.add(projector);
      timer ??= setTimeout(flush, COALESCE_MS);
    });
    const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
    // The process is stopping: end the stream, and the browser reconnects (after `retry`) to a replica that is not.
    const stopOnShutdown = onShutdown(() => stream.end());
    const close = () => {
      stopOnShutdown();
      stopListening();
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
      stream.end();
    };
    stream.once('close', close);
  });
  return router;
}
