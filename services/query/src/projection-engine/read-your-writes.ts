import type { Middleware } from 'koa';
import { comparePositions, parsePosition, type Position } from '@reflections/contracts/position';
import { MIN_POSITION_HEADER, STALE_HEADER } from '@reflections/platform/http/position-header';
import { signedInUserId } from '@reflections/platform/session/session-middleware';
import type { ProjectionProgress } from './projection-progress';

/**
 * A read whose position no projector has reached, while none has read anything new for
 * this long, stops waiting: nothing was appended at that position, it lies beyond the log.
 * Projectors hear of an append within milliseconds (and report at once while a reader
 * waits), so a member's own write is never taken for one.
 */
const BEYOND_LOG_CHECK_MS = 500;

/** Why a read answers without the position it asked for, or null when it has it. */
async function waitOutcome(
  projections: ProjectionProgress,
  wanted: Position,
  signedIn: boolean,
  timeoutMs: number,
): Promise<'timeout' | 'not-waited' | null> {
  if (comparePositions(projections.position(), wanted) >= 0) return null;
  // Only a member reads his own writes: a visitor's header must not hold a connection.
  if (!signedIn) return 'not-waited';
  let seen = projections.latest();
  for (let waited = 0; waited < timeoutMs;) {
    const slice = Math.min(BEYOND_LOG_CHECK_MS, timeoutMs - waited);
    const sliceStarted = Date.now();
    if (await projections.waitFor(wanted, slice)) return null;
    waited += slice;
    const latest = projections.latest();
    // A projector whose replica died says nothing until another takes it over: its silence is not the log's end.
    const running = projections.reportedSince?.(sliceStarted) ?? true;
    if (running && comparePositions(latest, wanted) < 0 && comparePositions(latest, seen) === 0) return 'not-waited';
    seen = latest;
  }
  return 'timeout';
}

/**
 * Honours X-Min-Position for signed-in members: the read waits, at most `timeoutMs`, until
 * the projectors have passed the position the member last wrote at. An event a projector
 * parked never holds it (its checkpoint moved past it). When the read does not get that
 * position it still answers, and says so: `X-Read-Your-Writes: timeout` after waiting,
 * `not-waited` for a visitor or a position beyond the log.
 */
export function readYourWrites(projections: ProjectionProgress, options: { timeoutMs: number }): Middleware {
  return async function waitForProjections(ctx, next) {
    const wanted = parsePosition(ctx.get(MIN_POSITION_HEADER));
    const outcome = wanted && (await waitOutcome(projections, wanted, signedInUserId(ctx) !== null, options.timeoutMs));
    if (outcome) ctx.set(STALE_HEADER, outcome);
    await next();
  };
}
