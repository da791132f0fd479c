import Router from '@koa/router';
import Koa from 'koa';
import * as t from 'io-ts';
import { API_ROUTES, routeKey } from '@reflections/contracts/api-routes';
import { toJsonSchema } from '@reflections/contracts/json-schema';
import { CREATING_ROUTES } from '@reflections/command/plumbing/creating-routes';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { registeredApiRoutes } from './registered-routes';

describe('registeredApiRoutes', () => {
  it('reads every method and path of the routers an app uses, prefixes included, and nothing else', () => {
    const app = new Koa();
    const router = new Router({ prefix: '/api/things' });
    router.use(async (_ctx, next) => next());
    router.get('/', (ctx) => (ctx.body = []));
    router.post('/:id/notes', (ctx) => (ctx.body = {}));
    const outside = new Router().get('/health', (ctx) => (ctx.body = 'ok'));
    for (const r of [router, outside]) app.use(r.routes());
    expect(registeredApiRoutes(app)).toEqual(['GET /api/things', 'POST /api/things/:id/notes']);
  });
});

describe('the route table in contracts/api-routes', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest();
  });
  afterAll(async () => {
    await backend.close();
  });

  it('names exactly the routes the command and query apps register, each on its own service', () => {
    const registered = [
      ...registeredApiRoutes(backend.commandApp).map((key) => `command ${key}`),
      ...registeredApiRoutes(backend.queryApp).map((key) => `query ${key}`),
    ].sort();
    // A walk that found nothing would agree with an empty table.
    expect(registered.length).toBeGreaterThan(50);
    const table = API_ROUTES.map((route) => `${route.service} ${routeKey(route)}`).sort();
    // Both differences are printed, so a failure says which route to add to (or remove from) the table.
    expect({
      missingFromTable: registered.filter((key) => !table.includes(key)),
      notRegistered: table.filter((key) => !registered.includes(key)),
    }).toEqual({ missingFromTable: [], notRegistered: [] });
  });

  it('marks as idempotent exactly the creating routes the command app keys by Idempotency-Key', () => {
    const marked = API_ROUTES.filter((route) => route.idempotent).map((route) => route.path);
    expect(marked.sort()).toEqual([...CREATING_ROUTES].sort());
  });

  it('gives examples its codecs accept, and a codec for every path parameter', () => {
    const badExamples = API_ROUTES.filter(
      (route) => route.example && route.body?.decode(route.example)._tag !== 'Right',
    ).map(routeKey);
    const undescribed = API_ROUTES.flatMap((route) => {
      const described = Object.keys((toJsonSchema(route.params ?? t.type({})).properties as object | undefined) ?? {});
      return [...route.path.matchAll(/:(\w+)/g)]
        .filter(([, name]) => !described.includes(name))
        .map(([, name]) => `${routeKey(route)} :${name}`);
    });
    expect({ badExamples, undescribed }).toEqual({ badExamples: [], undescribed: [] });
  });

  it('names each route once', () => {
    const keys = API_ROUTES.map(routeKey);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });
});
