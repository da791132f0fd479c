import type { Context, Middleware } from 'koa';
import { errorBody } from '@reflections/contracts/validation';
import { HttpError } from './http-error';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/;

export const CSRF_MESSAGES = {
  notJson: 'Changes must be sent as JSON (Content-Type: application/json).',
  otherOrigin: 'This request did not come from the Reflections app, so it was refused.',
} as const;

const refused = (message: string) => new HttpError(403, errorBody(message));

const mediaType = (ctx: Context) => ctx.get('content-type').split(';')[0].trim().toLowerCase();

const hasNoBody = (ctx: Context) => ctx.get('transfer-encoding') === '' && Number(ctx.get('content-length') || 0) === 0;

/** The origin ('scheme://host[:port]') of a URL, or null for anything that is not one ('null', garbage). */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Refuses, with 403 and before any route runs (so nothing is appended), a write a page of
 * another origin could have made the member's browser send with his cookie. A same-site
 * page (another port, a sibling subdomain) gets the SameSite=Lax cookie sent along, so
 * the cookie alone proves nothing:
 * - Every unsafe method must carry a JSON content type. A cross-origin <form> can only
 *   send text/plain, urlencoded or multipart, and cross-origin fetch cannot send JSON
 *   without a CORS preflight, which this API never grants.
 * - A request from a browser (it carries Origin, Referer or Sec-Fetch-Site; browsers send
 *   Origin on every POST, PUT, PATCH and DELETE) must come from one of `publicOrigins`
 *   (PUBLIC_ORIGIN), or, when none is configured, from the origin it was addressed to
 *   (scheme and Host, as the proxy reports them under TRUST_PROXY).
 * A client that is not a browser (curl, a test, the bench) sends none of those headers
 * and is let through: it has no victim's cookie to ride on, only its own. Such a client
 * may also send a bodiless write without any content type; a browser may not, so a
 * bodiless cross-site fetch is refused by its type as well as by its Origin.
 */
export function sameOriginWrites(options: { publicOrigins: readonly string[] }): Middleware {
  const configured = new Set(options.publicOrigins.map(originOf).filter((origin): origin is string => origin !== null));
  // Not ctx.origin: since Koa 3 that is the request's Origin header, not the origin it was addressed to.
  const ownOrigin = (ctx: Context) => originOf(`${ctx.protocol}://${ctx.host}`);
  const allowed = (ctx: Context, origin: string | null) =>
    origin !== null && (configured.size > 0 ? configured.has(origin) : origin === ownOrigin(ctx));
  return async function refuseCrossSiteWrites(ctx, next) {
    if (!UNSAFE.has(ctx.method)) return next();
    const origin = ctx.get('origin');
    const referer = ctx.get('referer');
    const fetchSite = ctx.get('sec-fetch-site');
    const fromBrowser = origin !== '' || referer !== '' || fetchSite !== '';
    const type = mediaType(ctx);
    if (type === '' ? fromBrowser || !hasNoBody(ctx) : !JSON_TYPE.test(type)) throw refused(CSRF_MESSAGES.notJson);
    if (fromBrowser) {
      const sameOrigin =
        origin !== '' || referer !== '' ? allowed(ctx, originOf(origin || referer)) : fetchSite === 'same-origin';
      if (!sameOrigin) throw refused(CSRF_MESSAGES.otherOrigin);
    }
    return next();
  };
}
