import http from 'node:http';
import type { ServiceMetrics } from './service-metrics';

/** One thing a service needs to answer: its database, its event store, NATS, its projectors' lag. */
export type ReadinessCheck = { name: string; check: () => Promise<void> };

/** A check that has not answered in this long counts as failed (an EventStoreDB that accepts but never answers hangs). */
const CHECK_TIMEOUT_MS = 2_000;

const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

async function outcome(check: ReadinessCheck): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check.check(),
      new Promise(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)),
      ),
    ]);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every check at once: `ready` only if all answer ok. */
export async function readiness(
  checks: readonly ReadinessCheck[],
): Promise<{ ready: boolean; checks: Record<string, string> }> {
  const results = await Promise.all(checks.map(async (check) => [check.name, await outcome(check)] as const));
  return { ready: results.every(([, result]) => result === 'ok'), checks: Object.fromEntries(results) };
}

const send = (res: http.ServerResponse, status: number, type: string, body: string) => {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
};

/**
 * The operators' endpoints, in front of a service's app on its own port: GET /healthz (the
 * process answers), /readyz (every check passes, else 503 naming what failed) and
 * /metrics (Prometheus). The public proxy forwards only /api, so none of them is public.
 */
export function withOpsEndpoints(
  app: http.RequestListener,
  options: { metrics: ServiceMetrics; checks: readonly ReadinessCheck[] },
): http.RequestListener {
  return (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (!OPS_PATHS.has(path) || (req.method !== 'GET' && req.method !== 'HEAD')) return app(req, res);
    void (async () => {
      if (path === '/healthz') return send(res, 200, 'application/json', JSON.stringify({ status: 'alive' }));
      if (path === '/readyz') {
        const { ready, checks } = await readiness(options.checks);
        return send(
          res,
          ready ? 200 : 503,
          'application/json',
          JSON.stringify({ status: ready ? 'ready' : 'not ready', checks }),
        );
      }
      send(res, 200, options.metrics.registry.contentType, await options.metrics.registry.metrics());
    })().catch((error: unknown) => send(res, 500, 'text/plain', error instanceof Error ? error.message : 'failed'));
  };
}

/** Listens on `port` (and `host`, all interfaces when unset) with the ops endpoints in front of `app`. */
export function listenWithOps(
  app: http.RequestListener,
  options: { metrics: ServiceMetrics; checks: readonly ReadinessCheck[]; port: number; host?: string | null },
  onListening: (port: number) => void,
): http.Server {
  const server = http.createServer(withOpsEndpoints(app, options));
  server.listen(options.port, options.host ?? undefined, () =>
    onListening((server.address() as { port: number }).port),
  );
  return server;
}
