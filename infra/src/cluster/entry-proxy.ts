import http from 'node:http';
import httpProxy from 'http-proxy';
import { errorBody } from '@reflections/contracts/validation';

/** Where the entry sends requests: every replica of each service (base URLs), and the SPA's server if the app is built. */
export type Upstreams = { command: readonly string[]; query: readonly string[]; spa: string | null };

/** A replica that refused a connection is passed over for this long. */
const DOWN_FOR_MS = 3_000;

const API = /^\/api(\/|\?|$)/;
const READS = new Set(['GET', 'HEAD']);

function unavailable(res: http.ServerResponse, message: string) {
  if (res.headersSent) return res.destroy();
  res.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Retry-After': '1',
    'Cache-Control': 'no-store',
  });
  res.end(JSON.stringify(errorBody(message)));
}

/**
 * The cluster's one HTTP origin, a small Node proxy (http-proxy) that routes as
 * infra/docker/nginx.conf does, for machines without nginx or Docker: GET and HEAD under
 * /api to a query replica, every other method under /api to a command replica, the rest
 * to the SPA. Only /api reaches the services, so their /healthz, /readyz and /metrics
 * stay off it. Replicas take turns; one that refuses connections (dead, restarting) is
 * passed over for a few seconds, and a read it refused goes to the next at once (a write
 * is never sent twice: it answers 503 with Retry-After). Responses stream through
 * unbuffered, so server-sent events arrive as they are written.
 */
export function createEntryProxy(upstreams: Upstreams): http.Server {
  const proxy = httpProxy.createProxyServer({ xfwd: true });
  const downUntil = new Map<string, number>();
  const turns = { command: 0, query: 0 };

  const pick = (group: 'command' | 'query') => {
    const targets = upstreams[group];
    const now = Date.now();
    for (let i = 0; i < targets.length; i++) {
      const target = targets[turns[group]++ % targets.length];
      if ((downUntil.get(target) ?? 0) <= now) return target;
    }
    return targets[turns[group]++ % targets.length];
  };

  const forward = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    group: 'command' | 'query',
    triesLeft: number,
  ) => {
    const target = pick(group);
    proxy.web(req, res, { target }, (error: NodeJS.ErrnoException) => {
      const refused = error.code === 'ECONNREFUSED';
      if (refused) downUntil.set(target, Date.now() + DOWN_FOR_MS);
      if (refused && READS.has(req.method ?? '') && triesLeft > 1 && !res.headersSent)
        return forward(req, res, group, triesLeft - 1);
      unavailable(res, `The ${group} service is unavailable. Please try again in a moment.`);
    });
  };

  return http.createServer((req, res) => {
    if (API.test(req.url ?? '')) {
      const group = READS.has(req.method ?? '') ? 'query' : 'command';
      return forward(req, res, group, upstreams[group].length);
    }
    if (!upstreams.spa)
      return unavailable(
        res,
        'The app is not built: run npm run build --workspace frontend, then start the cluster again.',
      );
    proxy.web(req, res, { target: upstreams.spa }, () =>
      unavailable(res, 'The app’s server is unavailable. Please try again in a moment.'),
    );
  });
}
