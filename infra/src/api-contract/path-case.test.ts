import { API_ROUTES } from '@reflections/contracts/api-routes';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';

/** The route's path with every literal part after /api upper-cased, and a made-up id for each parameter. */
const otherCase = (path: string) =>
  path
    .split('/')
    .map((part, i) =>
      part.startsWith(':') ? '00000000-0000-4000-8000-000000000000' : i > 1 ? part.toUpperCase() : part,
    )
    .join('/');

/**
 * A route's guard runs whatever the case of its path: @koa/router matches routes ignoring
 * case but a router's own middleware (`router.use(roles.admin)`) with it, so a visitor once
 * read every member's email at GET /api/ADMIN/users. Each app serves its paths only as they
 * are written.
 */
describe('a path written in another case', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await backendForTest();
  });
  afterAll(async () => {
    await backend.close();
  });

  it.each(API_ROUTES.filter((route) => route.caller !== 'visitor').map((route) => [route.method, route.path]))(
    'is no endpoint: %s %s',
    async (method, path) => {
      const route = API_ROUTES.find((r) => r.method === method && r.path === path)!;
      const app = route.service === 'command' ? backend.command : backend.query;
      const request = app[route.method](otherCase(path));
      const response = route.method === 'get' ? await request : await request.send(route.example ?? {});
      expect({ status: response.status, error: response.body.error }).toEqual({
        status: 404,
        error: expect.stringMatching(/^No such endpoint/),
      });
    },
  );
});
