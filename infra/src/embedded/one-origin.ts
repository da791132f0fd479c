import http from 'node:http';
import type Koa from 'koa';

/**
 * The single origin of the embedded mode, routed as the reverse proxy routes it in
 * docker-compose: GET and HEAD under /api to the query app, every other method under
 * /api to the command app, everything else to the SPA.
 */
export function oneOriginHandler(apps: { command: Koa; query: Koa; spa: Koa }): http.RequestListener {
  const command = apps.command.callback();
  const query = apps.query.callback();
  const spa = apps.spa.callback();
  return (req, res) => {
    const url = req.url ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
    if (!isApi) return spa(req, res);
    return req.method === 'GET' || req.method === 'HEAD' ? query(req, res) : command(req, res);
  };
}
