import type { Middleware } from 'koa';
import { parsePosition } from '@reflections/contracts/position';
import { MIN_POSITION_HEADER, STALE_HEADER } from '@reflections/platform/http/position-header';
import type { ProjectionProgress } from './projection-progress';

/**
 * Honours X-Min-Position: the read waits, at most `timeoutMs`, until the projectors
 * have passed the position the client last wrote at. If it gives up it still answers,
 * and says so with `X-Read-Your-Writes: timeout`.
 */
export function readYourWrites(projections: ProjectionProgress, options: { timeoutMs: number }): Middleware {
  return async function waitForProjections(ctx, next) {
    const wanted = parsePosition(ctx.get(MIN_POSITION_HEADER));
    if (wanted && !(await projections.waitFor(wanted, options.timeoutMs))) ctx.set(STALE_HEADER, 'timeout');
    await next();
  };
}
