import fs from 'node:fs';
import path from 'node:path';
import Koa from 'koa';
import serve from 'koa-static';

/** Serves the built SPA; any other path gets index.html so client-side routes survive a reload. */
export function createSpaApp(distDir: string): Koa {
  const app = new Koa();
  const index = path.join(distDir, 'index.html');
  app.use(serve(distDir, { index: 'index.html', maxage: 0 }));
  app.use(async function historyFallback(ctx) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      return;
    }
    if (!fs.existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run `npm run build --workspace frontend` (npm start does this for you).';
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = fs.createReadStream(index);
  });
  return app;
}
