import Router from '@koa/router';
import { API_ROUTES } from '@reflections/contracts/api-routes';
import { openApiDocument } from './openapi-document';
import { reads } from '../projection-engine/read-your-writes';

/** GET /api/openapi.json: the whole API, for clients, contract testers, fuzzers and Swagger UI. */
export function openApiRoutes(): Router {
  const router = new Router();
  const document = JSON.stringify(openApiDocument(API_ROUTES));
  router.get('/api/openapi.json', reads(), (ctx) => {
    ctx.type = 'application/json';
    ctx.body = document;
  });
  return router;
}
