import type { Middleware } from 'koa';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a session lives: `idleMs` after its last request, and never more than `maxMs` after sign-in. */
export type SessionLifetime = { idleMs: number; maxMs: number };

export const DEFAULT_SESSION_LIFETIME: SessionLifetime = { idleMs: 7 * DAY_MS, maxMs: 30 * DAY_MS };

/**
 * Runs inside koa-session, whose maxAge is the idle limit. A signed-in session is stamped
 * `signedInAt` on its first answer and ended once older than the absolute limit, before
 * the route sees it. Its expiry (cookie and store row) moves to a full idle limit from now
 * when it is used, but at most once per day (or tenth of the idle limit): a write per
 * member per day rather than one per request, so it ends between 0.9 and 1 idle limits
 * after its last use.
 */
export function sessionLifetime(lifetime: SessionLifetime): Middleware {
  const refreshEveryMs = Math.min(DAY_MS, lifetime.idleMs / 10);
  return async function enforceSessionLifetime(ctx, next) {
    const started = ctx.session?.signedInAt;
    if (typeof started === 'number' && Date.now() - started > lifetime.maxMs) ctx.session = null;
    await next();
    const session = ctx.session;
    if (!session || typeof session.userId !== 'string') return;
    const now = Date.now();
    if (typeof session.signedInAt !== 'number') session.signedInAt = now;
    if (typeof session.seenAt !== 'number' || now - session.seenAt >= refreshEveryMs) session.seenAt = now;
  };
}
