import type { Context } from 'koa';
import { formatPosition, type Position } from '@reflections/contracts/position';

export const POSITION_HEADER = 'X-Position';
export const MIN_POSITION_HEADER = 'X-Min-Position';
/** Set on a read that did not reach X-Min-Position (`timeout` after waiting, `not-waited` otherwise): the answer may be stale. */
export const STALE_HEADER = 'X-Read-Your-Writes';

/** A successful command answers with the global position of its last event. */
export function answerWithPosition(ctx: Context, position: Position, status: number, body: unknown) {
  // Straight to the response, as the security headers are: Koa's `ctx.set` builds arrays per header (docs/performance.md).
  if (!ctx.headerSent) ctx.res.setHeader(POSITION_HEADER, formatPosition(position));
  ctx.status = status;
  ctx.body = body;
}
