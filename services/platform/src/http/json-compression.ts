import { constants } from 'node:zlib';
import compress from 'koa-compress';
import type { Middleware } from 'koa';

/** Below this a compressed answer saves less than the work costs. */
export const COMPRESS_ABOVE_BYTES = 1024;

/**
 * Compresses JSON answers above 1 KB (brotli, else gzip), whichever service sends them and
 * whatever stands in front. Only JSON: server-sent events must reach the browser as written,
 * and a compressor would hold them back.
 */
export function jsonCompression(): Middleware {
  return compress({
    filter: (type) => /^application\/([\w.+-]+\+)?json\b/.test(type),
    threshold: COMPRESS_ABOVE_BYTES,
    encodingPreference: ['br', 'gzip', 'identity'],
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    deflate: false,
  });
}
