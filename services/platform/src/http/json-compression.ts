import { constants } from 'node:zlib';
import compress from 'koa-compress';
import type { Context, Middleware } from 'koa';

/** Below this a compressed answer saves less than the work costs. */
export const COMPRESS_ABOVE_BYTES = 1024;

/** A body Koa would send as JSON: an object that is not bytes, a stream or a web body. */
const isJsonBody = (body: unknown): body is object =>
  body !== null &&
  typeof body === 'object' &&
  !Buffer.isBuffer(body) &&
  !ArrayBuffer.isView(body) &&
  typeof (body as { pipe?: unknown }).pipe !== 'function' &&
  !(body instanceof Blob) &&
  !(body instanceof ReadableStream) &&
  !(body instanceof Response);

/**
 * The answer's JSON written once. Left as an object, it was written twice: koa-compress asks
 * the response its length, which Koa answers by writing the JSON and measuring it, and then
 * the JSON is written again to be compressed or sent (a 74 KB forum list, twice per read).
 * Set as a string, the answer keeps the JSON type it already has and knows its length.
 */
function serializedOnce(ctx: Context) {
  if (isJsonBody(ctx.body)) ctx.body = JSON.stringify(ctx.body);
}

/**
 * Compresses JSON answers above 1 KB (brotli, else gzip), whichever service sends them and
 * whatever stands in front. Only JSON: server-sent events must reach the browser as written,
 * and a compressor would hold them back.
 */
export function jsonCompression(): Middleware {
  const compressor = compress({
    filter: (type) => /^application\/([\w.+-]+\+)?json\b/.test(type),
    threshold: COMPRESS_ABOVE_BYTES,
    encodingPreference: ['br', 'gzip', 'identity'],
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    deflate: false,
  });
  return (ctx, next) =>
    compressor(ctx, async () => {
      await next();
      serializedOnce(ctx);
    });
}
