import type { Middleware } from 'koa';
import { errorBody } from '@reflections/contracts/validation';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '../event-store/event-store';
import { HttpError } from './http-error';

/**
 * Top of every app's chain: thrown errors become the shared error body and a status.
 * Anything unexpected is logged and answered 500 without details; client input must
 * never get there (routes decode everything first).
 */
export function errorMiddleware(options: { log?: (error: unknown) => void } = {}): Middleware {
  const log = options.log ?? ((error: unknown) => console.error(error));
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
      } else if (error instanceof EventStoreUnavailableError) {
        ctx.status = 503;
        ctx.body = errorBody('The event store is unavailable. Please try again shortly.');
      } else if (typeof (error as { status?: unknown }).status === 'number' && (error as { expose?: boolean }).expose) {
        const { status, message } = error as { status: number; message: string };
        ctx.status = status;
        ctx.body = errorBody(message);
      } else {
        log(error);
        ctx.status = 500;
        ctx.body = errorBody('Something went wrong on our side. Please try again.');
      }
    }
  };
}
