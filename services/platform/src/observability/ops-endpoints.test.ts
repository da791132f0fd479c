import http from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import supertest from 'supertest';
import { RequestMetrics } from '../http/request-metrics';
import { createTestDatabase } from '../testing/test-database';
import { withOpsEndpoints } from './ops-endpoints';
import { databaseCheck } from './readiness-checks';
import { ServiceMetrics } from './service-metrics';

/** A service's app behind the ops endpoints, as each service's main file serves it. */
function service(checks: Parameters<typeof withOpsEndpoints>[1]['checks']) {
  const metrics = new ServiceMetrics('test');
  const app = new Koa();
  app.use(new RequestMetrics(undefined, undefined, metrics).middleware());
  const router = new Router();
  router.get('/api/things/:thingId', (ctx) => {
    ctx.body = { id: ctx.params.thingId };
  });
  router.get('/api/broken', (ctx) => {
    ctx.status = 503;
  });
  app.use(router.routes());
  return supertest(http.createServer(withOpsEndpoints(app.callback(), { metrics, checks })));
}

describe('health, readiness and metrics on a service', () => {
  it('answers /healthz while the process runs, whatever its dependencies', async () => {
    const failing = { name: 'database', check: () => Promise.reject(new Error('connection refused')) };
    await service([failing]).get('/healthz').expect(200, { status: 'alive' });
  });

  it('is ready when PostgreSQL answers, and says which dependency is not', async () => {
    const database = databaseCheck(await createTestDatabase());
    try {
      const nats = { name: 'nats', check: () => Promise.reject(new Error('connection refused')) };
      await service([database])
        .get('/readyz')
        .expect(200, { status: 'ready', checks: { database: 'ok' } });
      await service([database, nats])
        .get('/readyz')
        .expect(503, { status: 'not ready', checks: { database: 'ok', nats: 'connection refused' } });
    } finally {
      await database.close();
    }
  });

  it('counts answers by route pattern and status, never by the path a client sent', async () => {
    const agent = service([]);
    await agent.get('/api/things/member-42').expect(200);
    await agent.get('/api/things/member-43').expect(200);
    await agent.get('/api/broken').expect(503);
    const { text, headers } = await agent.get('/metrics').expect(200);
    expect(headers['content-type']).toMatch(/^text\/plain/);
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/things/:thingId",status="200",service="test"} 2',
    );
    expect(text).toContain('http_requests_total{method="GET",route="/api/broken",status="503",service="test"} 1');
    expect(text).toContain(
      'http_request_duration_seconds_count{service="test",method="GET",route="/api/things/:thingId"} 2',
    );
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).not.toContain('member-42');
  });

  it('leaves every other path to the app', async () => {
    await service([]).get('/api/things/7').expect(200, { id: '7' });
    await service([]).post('/metrics').expect(404);
  });
});
