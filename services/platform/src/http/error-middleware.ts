import type { Context, Middleware } from 'koa';
import { errorBody } from '@reflections/contracts/validation';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '../event-store/event-store';
import { logger as processLogger, type Logger } from '../log/logger';
import { safeError } from '../log/safe-error';
import { isDependencyUnavailable, RETRY_AFTER_SECONDS } from './dependency-unavailable';
import { HttpError } from './http-error';

/** The route pattern (`/api/forum/posts/:postId/replies`), not the path: ids are no one's business in a log. */
const routeOf = (ctx: Context) => (ctx as { _matchedRoute?: unknown })._matchedRoute?.toString() ?? ctx.path;

/**
 * Top of every app's chain: thrown errors become the shared error body and a status.
 * A database or event store out of reach is a 503 the client may retry; anything else
 * unexpected is a bug: logged (request id, method, route and the error, never the body,
 * SQL parameters or PostgreSQL's detail) and answered 500 without details. Client input
 * must never get there (routes decode everything first).
 */
export function errorMiddleware(options: { logger?: Logger } = {}): Middleware {
  const log = options.logger ?? processLogger;
  return async function handleErrors(ctx, next) {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = errorBody(`No such endpoint: ${ctx.method} ${ctx.path}`);
      }
    } catch (error) {
      if (error instanceof HttpError) {
        ctx.status = error.status;
        ctx.body = error.body;
      } else if (error instanceof WrongExpectedRevisionError) {
        ctx.status = 409;
        ctx.body = errorBody('Someone else changed this at the same moment. Please try again.');
      } else if (isDependencyUnavailable(error)) {
        // Not a bug, but an operator wants to know the database or event store went away.
        log.warn(
          { requestId: ctx.state.correlationId, method: ctx.method, route: routeOf(ctx), err: safeError(error) },
          'dependency unavailable',
        );
        ctx.status = 503;
        ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
        ctx.body = errorBody(
          error instanceof EventStoreUnavailableError
            ? 'The event store is unavailable. Please try again shortly.'
            : 'We cannot reach our database right now. Please try again in a few seconds.',
        );
      } else if (typeof (error as { status?: unknown }).status === 'number' && (error as { expose?: boolean }).expose) {
        const { status, message } = error as { status: number; message: string };
        ctx.status = status;
        ctx.body = errorBody(message);
      } else {
        log.error(
          { requestId: ctx.state.correlationId, method: ctx.method, route: routeOf(ctx), err: safeError(error) },
          'request failed',
        );
        ctx.status = 500;
        ctx.body = errorBody('Something went wrong on our side. Please try again.');
      }
    }
  };
}
