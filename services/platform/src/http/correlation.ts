import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

declare module 'koa' {
  interface DefaultState {
    correlationId: string;
  }
}

/** Every request gets a correlation id (the caller's X-Request-Id when sane), echoed back and put on events. */
export function correlationId(): Middleware {
  return async function assignCorrelationId(ctx, next) {
    const given = ctx.get('x-request-id');
    ctx.state.correlationId = /^[\w.-]{8,128}$/.test(given) ? given : randomUUID();
    ctx.res.setHeader('X-Request-Id', ctx.state.correlationId);
    await next();
  };
}
