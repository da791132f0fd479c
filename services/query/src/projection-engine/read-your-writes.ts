import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { ReadModelName } from '@reflections/contracts/admin';
import { comparePositions, parsePosition, type Position, START } from '@reflections/contracts/position';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { MIN_POSITION_HEADER, STALE_HEADER } from '@reflections/platform/http/position-header';
import { signedInUserId } from '@reflections/platform/session/session-middleware';
import type { ProjectionProgress } from './projection-progress';

/**
 * A read whose position no projector has reached, while none has read anything new for
 * this long, stops waiting if the log holds nothing past what they read: nothing was appended
 * at that position, it lies beyond the log. Projectors hear of an append within milliseconds
 * (and report at once while a reader waits); on a starved machine one batch can take longer
 * than this, which is why the log is asked before a member's own write is given up on.
 */
const BEYOND_LOG_CHECK_MS = 500;

/** Whether the log holds an event past `position`: projectors that are silent then are busy, not at its end. */
export type LogMovedPast = (position: Position) => Promise<boolean>;

export function logMovedPast(store: EventStore): LogMovedPast {
  return async (position) => {
    const after = comparePositions(position, START) === 0 ? undefined : position;
    return (await store.readAllPage({ after, maxCount: 1 })).events.length > 0;
  };
}

/** How long a read waited and for which projectors, for the browser's developer tools and the bench. */
const SERVER_TIMING_HEADER = 'Server-Timing';

const DECLARED = Symbol('reads');
/** `declares`: the route says what it reads. `implies`: a guard in front of routes reads this too, whatever they declare. */
type Declaration = { readonly readModels: readonly ReadModelName[]; readonly kind: 'declares' | 'implies' };
type Declaring = Middleware & { [DECLARED]?: Declaration };

const declaring = (middleware: Middleware, declaration: Declaration): Middleware =>
  Object.assign((...args: Parameters<Middleware>) => middleware(...args), { [DECLARED]: declaration });

/**
 * Declares the read models a route (or, with `router.use`, every route of a router) reads:
 * a read with X-Min-Position waits for their projectors only. A route that declares
 * nothing waits for every projector that holds reads; `reads()` with no read model, for none.
 * Passes the request on; readYourWrites finds it in front of the route.
 */
export const reads = (...readModels: ReadModelName[]): Middleware =>
  declaring((_ctx, next) => next(), { readModels, kind: 'declares' });

/** `middleware` (a role guard, say) reads these read models for every route it guards; the routes still declare their own. */
export const alsoReads = (middleware: Middleware, ...readModels: ReadModelName[]): Middleware =>
  declaring(middleware, { readModels, kind: 'implies' });

/**
 * The read models the route answering `method path` declares, with those its guards read;
 * null where it declares nothing (or no route answers). The first router with a route for
 * the path answers it, as Koa runs them.
 */
export function declaredReadModels(routers: readonly Router[], method: string, path: string): ReadModelName[] | null {
  for (const router of routers) {
    const matched = router.match(path, method);
    if (!matched.route) continue;
    const declarations = matched.pathAndMethod.flatMap((layer) =>
      layer.stack.flatMap((middleware) => {
        const declaration = (middleware as Declaring)[DECLARED];
        return declaration ? [declaration] : [];
      }),
    );
    if (!declarations.some((declaration) => declaration.kind === 'declares')) return null;
    return [...new Set(declarations.flatMap((declaration) => declaration.readModels))];
  }
  return null;
}

type Waited = { outcome: 'timeout' | 'not-waited' | null; waitedMs: number; behind: readonly string[] };

/** Why a read answers without the position it asked for (null when it has it), how long it waited, and for which projectors. */
async function waitOutcome(
  projections: ProjectionProgress,
  wanted: Position,
  readModels: readonly string[] | undefined,
  signedIn: boolean,
  timeoutMs: number,
  movedPast: LogMovedPast | undefined,
): Promise<Waited> {
  const behind = projections.behind(wanted, readModels);
  if (behind.length === 0) return { outcome: null, waitedMs: 0, behind };
  // Only a member reads his own writes: a visitor's header must not hold a connection.
  if (!signedIn) return { outcome: 'not-waited', waitedMs: 0, behind };
  const started = performance.now();
  const waited = (outcome: Waited['outcome']): Waited => ({ outcome, waitedMs: performance.now() - started, behind });
  let seen = projections.latest();
  for (let spent = 0; spent < timeoutMs;) {
    const slice = Math.min(BEYOND_LOG_CHECK_MS, timeoutMs - spent);
    const sliceStarted = Date.now();
    if (await projections.waitFor(wanted, slice, readModels)) return waited(null);
    spent += slice;
    const latest = projections.latest();
    // A projector whose replica died says nothing until another takes it over: its silence is not the log's end.
    const running = projections.reportedSince?.(sliceStarted, readModels) ?? true;
    if (running && comparePositions(latest, wanted) < 0 && comparePositions(latest, seen) === 0) {
      if (!(await movedPast?.(latest))) return waited('not-waited');
    }
    seen = latest;
  }
  return waited('timeout');
}

/**
 * Honours X-Min-Position for signed-in members: the read waits, at most `timeoutMs`, until
 * the projectors of the read models its route declares (see `reads`; every projector that
 * holds reads, for a route that declares nothing) have passed the position the member last
 * wrote at. An event a projector parked never holds it (its checkpoint moved past it). When
 * the read does not get that position it still answers, and says so: `X-Read-Your-Writes:
 * timeout` after waiting, `not-waited` for a visitor or a position beyond the log. A read
 * that waited says for how long, and for which projectors, in Server-Timing (`rw`).
 */
export function readYourWrites(
  projections: ProjectionProgress,
  options: { timeoutMs: number; routers: readonly Router[]; logMovedPast?: LogMovedPast },
): Middleware {
  return async function waitForProjections(ctx, next) {
    const wanted = parsePosition(ctx.get(MIN_POSITION_HEADER));
    if (wanted) {
      const readModels = declaredReadModels(options.routers, ctx.method, ctx.path) ?? undefined;
      const signedIn = signedInUserId(ctx) !== null;
      const { outcome, waitedMs, behind } = await waitOutcome(
        projections,
        wanted,
        readModels,
        signedIn,
        options.timeoutMs,
        options.logMovedPast,
      );
      if (outcome) ctx.set(STALE_HEADER, outcome);
      if (behind.length > 0) ctx.set(SERVER_TIMING_HEADER, `rw;dur=${waitedMs.toFixed(1)};desc="${behind.join(' ')}"`);
    }
    await next();
  };
}
