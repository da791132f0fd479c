import { createHmac } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { errorBody } from '@reflections/contracts/validation';
import { signedInUserId } from '../session/session-middleware';
import { badRequest, conflict, HttpError } from './http-error';
import type { PostgresIdempotencyStore, RememberedAnswer } from './idempotency-store';
import { POSITION_HEADER } from './position-header';

declare module 'koa' {
  interface DefaultState {
    /**
     * The caller's scope, Idempotency-Key and request fingerprint while a keyed create runs:
     * a route derives the ids of what it creates (and of its events) from it, so that a retry
     * running again after an answer was lost (a 503 whose append had committed) names the
     * same things, and the event store keeps them once.
     */
    idempotentRequest?: string;
  }
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer given again from the first request with the same key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_SHAPE = /^[A-Za-z0-9_-]{8,128}$/;
const KEY_MESSAGE = 'Idempotency-Key must be 8 to 128 letters, digits, dashes or underscores';

export type IdempotentCreatesOptions = {
  store: PostgresIdempotencyStore;
  /** The POST routes that create something, as the router writes them (`/api/forum/posts/:postId/replies`). */
  routes: readonly string[];
  /**
   * Of those, the ones that sign the caller in (registration): a retry after their success
   * runs the route again instead of replaying it, as a replay cannot give the session cookie
   * back; such a route must create nothing new when run again (its ids derive from the key).
   */
  signingIn?: readonly string[];
  /** Keys the request's fingerprint: the body may hold a password, so a plain hash would not do. */
  secret: string;
  /** How long a retry waits for the first request with its key to answer before it is told 409. */
  waitMs?: number;
};

const routeMatcher = (route: string) =>
  new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+')}/?$`, 'i');

/** The header, or the body's clientRequestId where a contract has one. */
function keyOf(ctx: Context): string | null {
  const header = ctx.get(IDEMPOTENCY_KEY_HEADER);
  if (header) return header;
  const fromBody = (ctx.request.jsonBody as { clientRequestId?: unknown } | undefined)?.clientRequestId;
  return typeof fromBody === 'string' ? fromBody : null;
}

const storable = (body: unknown) =>
  typeof (body as { pipe?: unknown } | null)?.pipe !== 'function' && !Buffer.isBuffer(body);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function replay(ctx: Context, answer: RememberedAnswer) {
  ctx.status = answer.status;
  ctx.body = answer.body;
  if (answer.position) ctx.set(POSITION_HEADER, answer.position);
  ctx.set(REPLAYED_HEADER, 'true');
}

/**
 * The same Idempotency-Key from the same caller (the signed-in member; a visitor is scoped
 * to the route) within 24 hours gets the first answer again (status, body, X-Position) and
 * the route does not run. A success is remembered; any other answer changed nothing and
 * frees the key for a retry. A retry arriving while the first is still running waits for
 * its answer, then gives up with 409; the same key with another body is a 422.
 * Runs after the session and the JSON body are read.
 */
export function idempotentCreates(options: IdempotentCreatesOptions): Middleware {
  const routes = options.routes.map((route) => ({ route, pattern: routeMatcher(route) }));
  const signingIn = new Set(options.signingIn ?? []);
  const waitMs = options.waitMs ?? 5000;
  const { store } = options;
  return async function answerRetriedCreatesOnce(ctx, next) {
    // The key first: most writes carry none, and then no route's pattern need be tried.
    const key = ctx.method === 'POST' ? keyOf(ctx) : null;
    const route = key === null ? undefined : routes.find(({ pattern }) => pattern.test(ctx.path))?.route;
    if (!route || key === null) return next();
    if (!KEY_SHAPE.test(key)) throw badRequest(errorBody(KEY_MESSAGE, { [IDEMPOTENCY_KEY_HEADER]: KEY_MESSAGE }));
    const userId = signedInUserId(ctx);
    const scope = userId ? `user:${userId}` : `anonymous:${route}`;
    const fingerprint = createHmac('sha256', options.secret)
      .update(`${ctx.method} ${ctx.path}\n${JSON.stringify(ctx.request.jsonBody ?? null)}`)
      .digest('base64url');
    // With the fingerprint: a visitor who reuses another's key (after it expired) names nothing of theirs.
    const seed = `${scope}\n${key}\n${fingerprint}`;
    const deadline = Date.now() + waitMs;
    for (;;) {
      const claim = await store.claim(scope, key, fingerprint);
      if (claim.claimed) {
        const release = () => store.release(scope, key, claim.claimId).catch(() => undefined);
        ctx.state.idempotentRequest = seed;
        try {
          await next();
        } catch (error) {
          await release();
          throw error;
        }
        if (ctx.status >= 200 && ctx.status < 300 && storable(ctx.body)) {
          // The create happened and its answer is on its way: if remembering it fails, the claim lapses after a minute.
          await store
            .remember(scope, key, claim.claimId, {
              status: ctx.status,
              body: ctx.body,
              position: ctx.response.get(POSITION_HEADER) || null,
            })
            .catch(() => undefined);
        } else await release();
        return;
      }
      if (claim.fingerprint !== fingerprint)
        throw new HttpError(422, errorBody('This Idempotency-Key was already used for a different request.'));
      if (claim.answer && signingIn.has(route)) {
        ctx.state.idempotentRequest = seed;
        return next();
      }
      if (claim.answer) return replay(ctx, claim.answer);
      if (Date.now() >= deadline) throw conflict('This request is already being processed.');
      await pause(50);
    }
  };
}
