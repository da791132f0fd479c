import type { Middleware } from 'koa';
import { errorBody } from '@reflections/contracts/validation';
import { HttpError } from './http-error';

declare module 'koa' {
  interface Request {
    /** The parsed JSON body; undefined when the request had none. */
    jsonBody?: unknown;
  }
}

/**
 * Reads a JSON request body up to `limitBytes`. Malformed JSON, a body that is not
 * JSON and an oversized body are all a 400 with the shared error body, as the
 * specification's bad-input rule asks (not a 413 or 415).
 */
export function jsonBody(options: { limitBytes: number }): Middleware {
  return async function parseJsonBody(ctx, next) {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method)) return next();
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > options.limitBytes) throw tooLarge(options.limitBytes);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length;
      if (size > options.limitBytes) throw tooLarge(options.limitBytes);
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (text.trim() !== '') {
      if (!ctx.is('application/json', 'application/*+json')) {
        throw new HttpError(400, errorBody('The request body must be JSON (Content-Type: application/json).', { body: 'Expected JSON' }));
      }
      try {
        ctx.request.jsonBody = JSON.parse(text);
      } catch {
        throw new HttpError(400, errorBody('The request body is not valid JSON.', { body: 'Malformed JSON' }));
      }
    }
    return next();
  };
}

const tooLarge = (limit: number) =>
  new HttpError(400, errorBody(`The request body is too large (at most ${Math.floor(limit / 1024)} KB).`, { body: `At most ${limit} bytes` }));
