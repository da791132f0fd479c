import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Middleware } from 'koa';
import koaHelmet from 'koa-helmet';

type DirectiveValue = string | ((req: IncomingMessage, res: ServerResponse) => string);
export type CspDirectives = Record<string, DirectiveValue[]>;

/** A JSON answer opened as a page may do nothing at all, and nobody may frame it. */
export const API_CSP: CspDirectives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The SPA's page. Scripts: our own bundles plus the splash's inline script, by its hash
 * (`inlineScripts` answers the current hashes, quoted and space-separated). Styles need
 * 'unsafe-inline': emotion (MUI) injects <style> tags at run time and index.html paints the
 * splash's first frame with an inline <style>; a nonce would need a per-request index.html,
 * which the precompressed static files cannot carry. Everything else (media, fonts, the
 * API, server-sent events) comes from this origin only: the browser never talks to OpenAI.
 */
export function spaCsp(inlineScripts: () => string): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", () => inlineScripts()],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'"],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** No feature of the app uses a camera, microphone, position, payment or USB device; fullscreen is for the videos. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), fullscreen=(self)';

/** Six months; sent only on answers that came over TLS (a browser ignores it over plain HTTP anyway). */
const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * The security headers of every answer, HTML, asset or API (helmet through koa-helmet):
 * the given CSP, no framing, nosniff, `Referrer-Policy: same-origin`, COOP and CORP
 * same-origin, a Permissions-Policy, HSTS over TLS (`ctx.secure`, which believes
 * X-Forwarded-Proto only under TRUST_PROXY). With `noStore` (the API), every answer,
 * a 401 or 404 included, is `Cache-Control: no-store`: set before the route runs, so it
 * survives a thrown error, and a route that means otherwise can still say so.
 */
export function securityHeaders(options: { contentSecurityPolicy: CspDirectives; noStore?: boolean }): Middleware {
  const helmetOptions: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: options.contentSecurityPolicy },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    hsts: false,
  };
  const fixed = fixedHeaders(options.contentSecurityPolicy, helmetOptions);
  // Set on the response itself, before anything could be sent: Koa's `ctx.set` builds three arrays
  // per header to allow for lists, and a dozen headers made it a tenth of what a forum post
  // allocated (docs/performance.md, "Forum writes, issue 29 sixth pass"). The same headers.
  const helmetHeaders: Middleware = fixed
    ? (ctx, next) => {
        for (const [name, value] of fixed) ctx.res.setHeader(name, value);
        return next();
      }
    : koaHelmet(helmetOptions);
  return async function setSecurityHeaders(ctx, next) {
    ctx.res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (ctx.secure) ctx.res.setHeader('Strict-Transport-Security', HSTS);
    if (options.noStore) ctx.res.setHeader('Cache-Control', 'no-store');
    return helmetHeaders(ctx, next);
  };
}

/**
 * Helmet's headers, asked once, when no CSP directive is computed per request (the API's):
 * they are then the same for every answer, and helmet's chain of a dozen middlewares per
 * request cost the API about 15 µs of each (docs/performance.md). Null for the SPA's CSP.
 */
function fixedHeaders(csp: CspDirectives, helmetOptions: HelmetOptions): [string, string][] | null {
  if (Object.values(csp).some((values) => values.some((value) => typeof value === 'function'))) return null;
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string | number) => headers.push([name, String(value)]),
    // X-Powered-By, which Koa never sends.
    removeHeader: () => undefined,
  };
  helmet(helmetOptions)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
