import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { LiveChange } from '@reflections/contracts/admin';
import { comparePositions, formatPosition, parsePosition, type Position } from '@reflections/contracts/position';
import type { ProjectionProgress } from '../projection-engine/projection-progress';
import { openEventStream } from '@reflections/platform/http/event-stream';
import type { RoleGuards } from '@reflections/platform/session/require-role';
import { reads } from '../projection-engine/read-your-writes';

/** Batches applied within this long go out as one change, so one registration is one refetch. */
const COALESCE_MS = 50;
const HEARTBEAT_MS = 15_000;
/** EventSource waits this long before reconnecting after a drop. */
const RETRY_MS = 1000;
/** Sent when a reconnecting client may have missed changes of any read model. */
export const ALL_READ_MODELS = '*';

/**
 * GET /api/admin/live: server-sent events whenever projectors applied events. Each change
 * carries, as its id, the checkpoint reached; a client reconnecting with Last-Event-ID
 * behind the projectors gets a change naming every read model at once, so no change is lost.
 */
export function liveRoutes(orm: MikroORM, projections: ProjectionProgress, roles: RoleGuards): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(roles.admin);
  router.get('/live', reads(), (ctx) => {
    const stream = openEventStream(ctx, { retry: RETRY_MS, keepAlive: HEARTBEAT_MS });
    const send = (position: Position, change: LiveChange) => stream.send('change', change, formatPosition(position));

    let highest = projections.latest();
    const lastSeen = parsePosition(stream.lastEventId);
    if (lastSeen && comparePositions(highest, lastSeen) > 0)
      send(highest, { position: formatPosition(highest), readModels: [ALL_READ_MODELS] });

    let pending = new Set<string>();
    let timer: NodeJS.Timeout | null = null;
    const flush = () => {
      timer = null;
      const change: LiveChange = { position: formatPosition(highest), readModels: [...pending].sort() };
      pending = new Set();
      send(highest, change);
    };
    const stopListening = projections.onApplied(({ projector, position }) => {
      if (comparePositions(position, highest) > 0) highest = position;
      pending.add(projector);
      timer ??= setTimeout(flush, COALESCE_MS);
    });
    stream.onClose(() => {
      stopListening();
      if (timer) clearTimeout(timer);
    });
  });
  return router;
}
