import type { Context, Middleware } from 'koa';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { errorBody } from '@reflections/contracts/validation';
import { HttpError } from './http-error';

/** The header that tells a client how many requests its tightest quota has left. */
export const REMAINING_HEADER = 'RateLimit-Remaining';

/** "2 minutes", "1 hour", "20 seconds": how long a refused client waits, for a message a person reads. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const [amount, unit] =
    seconds < 90
      ? [seconds, 'second']
      : seconds < 90 * 60
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** A 429 with Retry-After (whole seconds) and the shared error body. */
export function tooManyRequests(ctx: Context, retryAfterMs: number, message: string): HttpError {
  ctx.set('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return new HttpError(429, errorBody(message));
}

export type Quota = {
  limiter: RateLimiterAbstract;
  /** What the refused client is told, given how long until it may try again. */
  message: (retryAfterMs: number) => string;
};

/**
 * Spends one point of every quota on each request with a key (the caller's address or
 * member id); a request whose quota is spent is answered 429 before the route runs. A
 * request without a key (say, signed out where a member is keyed) passes, for the route
 * to refuse. With `showRemaining`, every answer tells what the tightest quota has left.
 */
export function rateLimit(options: {
  quotas: readonly Quota[];
  key: (ctx: Context) => string | null;
  showRemaining?: boolean;
}): Middleware {
  return async function enforceRateLimit(ctx, next) {
    const key = options.key(ctx);
    if (key === null) return next();
    let remaining = Number.POSITIVE_INFINITY;
    for (const quota of options.quotas) {
      try {
        remaining = Math.min(remaining, (await quota.limiter.consume(key)).remainingPoints);
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        if (options.showRemaining) ctx.set(REMAINING_HEADER, '0');
        throw tooManyRequests(ctx, refusal.msBeforeNext, quota.message(refusal.msBeforeNext));
      }
    }
    if (options.showRemaining) ctx.set(REMAINING_HEADER, String(remaining));
    return next();
  };
}
