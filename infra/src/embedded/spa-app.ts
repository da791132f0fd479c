import type { ServerResponse } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import Koa from 'koa';
import conditionalGet from 'koa-conditional-get';
import range from 'koa-range';
import send from 'koa-send';
import serve from 'koa-static';
import { logServerErrors } from '@reflections/platform/http/server-errors';
import { securityHeaders, spaCsp } from '@reflections/platform/http/security-headers';
import { trustProxy } from '@reflections/platform/http/trust-proxy';
import { inlineScriptsOf } from './inline-scripts';

/** Vite names everything under assets/ by its content hash: a changed file gets a new name. */
const HASHED = 'public, max-age=31536000, immutable';
/** index.html and the files of public/ keep their names across deploys: revalidate each time (a 304 when unchanged). */
const REVALIDATE = 'no-cache';

/**
 * Paths the history fallback must never answer: a missing video, chunk or file (`/favicon.ico`,
 * `/robots.txt`) is a 404, not the app's HTML. No client route has a dot in its last segment.
 */
const FILE_ONLY = /^\/(assets|media)\/|\.[a-z0-9]+$/i;
const MEDIA = /^\/media\//;

/**
 * Serves the built SPA. The build writes brotli and gzip twins of every text file
 * (`.br`, `.gz`); koa-send picks the one the browser accepts. Any other path gets
 * index.html so client-side routes survive a reload.
 */
export function createSpaApp(distDir: string, deployment: { trustProxyHops?: number } = {}): Koa {
  const app = trustProxy(logServerErrors(new Koa()), deployment.trustProxyHops ?? 0);
  const root = path.resolve(distDir);
  app.use(securityHeaders({ contentSecurityPolicy: spaCsp(inlineScriptsOf(path.join(root, 'index.html'))) }));
  const assetsDir = path.join(root, 'assets') + path.sep;
  const options: send.SendOptions = {
    root,
    index: 'index.html',
    brotli: true,
    gzip: true,
    setHeaders: (res: ServerResponse, file: string) => {
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Cache-Control', file.startsWith(assetsDir) ? HASHED : REVALIDATE);
    },
  };
  app.use(conditionalGet());
  // Byte ranges for videos: Safari plays none without them, and seeking needs them everywhere.
  app.use(async function mediaRanges(ctx, next) {
    return MEDIA.test(ctx.path) ? range(ctx, next) : next();
  });
  app.use(serve(root, options));
  app.use(async function historyFallback(ctx) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      return;
    }
    if (FILE_ONLY.test(ctx.path)) {
      // No body of ours: Koa answers "Not Found", and the range middleware leaves it alone.
      ctx.status = 404;
      return;
    }
    if (!fs.existsSync(path.join(root, 'index.html'))) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body =
        'The web app is not built yet: run `npm run build --workspace frontend` (npm start does this for you).';
      return;
    }
    await send(ctx, 'index.html', options);
  });
  return app;
}
