import type Router from '@koa/router';
import type Koa from 'koa';

/** koa-router marks the middleware `router.routes()` returns with the router it serves; routersByPrefix with its routers. */
type RouterMiddleware = Koa.Middleware & { router?: Router; routers?: readonly Router[] };

/**
 * `METHOD /path` of every route an app registers under /api, read from its routers' stacks
 * (HEAD is koa-router's echo of GET; `router.use` layers have no method and are no route).
 */
export function registeredApiRoutes(app: Koa): string[] {
  const keys = new Set<string>();
  for (const middleware of app.middleware as RouterMiddleware[]) {
    const routers = middleware.routers ?? (middleware.router ? [middleware.router] : []);
    for (const layer of routers.flatMap((router) => router.stack)) {
      if (typeof layer.path !== 'string' || !layer.path.startsWith('/api')) continue;
      for (const method of layer.methods) if (method !== 'HEAD') keys.add(`${method} ${layer.path}`);
    }
  }
  return [...keys].sort();
}
