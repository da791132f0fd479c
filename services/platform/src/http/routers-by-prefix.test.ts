import Router from '@koa/router';
import Koa from 'koa';
import supertest from 'supertest';
import { routersByPrefix } from './routers-by-prefix';

/** Routers shaped like the apps': prefixed ones with a router-level guard, unprefixed ones, two sharing a prefix. */
function routers(): Router[] {
  const guarded = new Router({ prefix: '/api/admin/users' });
  guarded.use((ctx) => ctx.throw(403, 'Admin access required'));
  guarded.get('/', (ctx) => (ctx.body = 'every user'));
  guarded.post('/:id/role', (ctx) => (ctx.body = `role of ${ctx.params.id}`));
  const forum = new Router();
  forum.get('/api/forum/posts', (ctx) => (ctx.body = 'posts'));
  forum.post('/api/forum/posts/:postId/replies', (ctx) => (ctx.body = `reply to ${ctx.params.postId}`));
  forum.delete('/api/forum/posts/:postId', (ctx) => (ctx.body = 'deleted'));
  const auth = new Router({ prefix: '/api/auth' });
  auth.post('/login', (ctx) => (ctx.body = 'signed in'));
  const reset = new Router({ prefix: '/api/auth' });
  reset.post('/reset', (ctx) => (ctx.body = 'reset'));
  return [guarded, forum, auth, reset];
}

const server = (use: (app: Koa) => void) => {
  const app = new Koa();
  use(app);
  app.use((ctx) => (ctx.body = 'after the routers'));
  return supertest(app.callback());
};

/** The apps' routing before: each router's routes() and allowedMethods() in turn. */
const walked = server((app) => {
  for (const router of routers()) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
});
const byPrefix = server((app) => app.use(routersByPrefix(routers())));

const answer = async (request: supertest.Test) => {
  const response = await request;
  return { status: response.status, allow: response.headers.allow, text: response.text };
};

describe('routersByPrefix', () => {
  it.each([
    ['GET', '/api/forum/posts'],
    ['POST', '/api/forum/posts/p-1/replies'],
    ['DELETE', '/api/forum/posts/p-1'],
    ['POST', '/api/auth/login'],
    ['POST', '/api/auth/reset'],
    ['GET', '/api/admin/users'],
    ['POST', '/api/admin/users/u-1/role'],
    ['PUT', '/api/forum/posts'],
    ['OPTIONS', '/api/forum/posts/p-1'],
    ['GET', '/api/auth/login'],
    ['GET', '/api/nothing/here'],
    ['PROPFIND', '/api/nothing/here'],
    ['GET', '/somewhere/else'],
    ['GET', '/api/forum/posts/'],
  ])('answers %s %s as walking every router did', async (method, path) => {
    const ask = (app: typeof walked) => answer(app[method.toLowerCase() as 'get'](path));
    expect(await ask(byPrefix)).toEqual(await ask(walked));
  });

  it('never serves a guarded route to a path whose guarded part differs in case', async () => {
    expect((await walked.get('/api/ADMIN/users')).text).toBe('every user');
    expect(await answer(byPrefix.get('/api/ADMIN/users'))).toMatchObject({ text: 'after the routers' });
    expect(await answer(byPrefix.post('/api/admin/USERS/u-1/role'))).toMatchObject({ text: 'after the routers' });
    expect((await byPrefix.post('/api/admin/users/u-1/ROLE')).status).toBe(403);
  });
});
