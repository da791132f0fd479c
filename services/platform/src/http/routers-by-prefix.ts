import type Router from '@koa/router';
import type Koa from 'koa';
import type { Middleware } from 'koa';

/** The literal start of a route's path: up to its first parameter, group, wildcard or optional part. */
const literalStart = (path: string | RegExp) => (typeof path === 'string' ? path.split(/[:({*?[\\]/, 1)[0] : '');

/** Every router of an app as one middleware, with the routers it serves. */
export type RoutersMiddleware = Middleware & { routers: readonly Router[] };

/** The routers an app serves, in order: routersByPrefix's, and any used on their own (koa-router marks their middleware). */
export const routersOf = (app: Koa): Router[] =>
  (app.middleware as (Middleware & { router?: Router; routers?: readonly Router[] })[]).flatMap(
    (middleware) => middleware.routers ?? (middleware.router ? [middleware.router] : []),
  );

/**
 * An app's routers, in order, as one middleware: a request is offered only to the routers
 * with a route or router-level middleware whose path starts as the request's does, where
 * each router's `routes()` and `allowedMethods()` used to be walked in turn (twenty routers:
 * a regular-expression test of every route of each, and a promise of each, per request).
 * 404, 405, 501 and OPTIONS answer as before: one `allowedMethods()` judges from the layers
 * the offered routers matched, as the last of twenty did.
 *
 * The start is compared case-sensitively, though @koa/router matches a route ignoring case:
 * its router-level middleware (`router.use(roles.admin)`) is matched with case, so
 * `/api/ADMIN/users` used to reach an admin route without its guard.
 */
export function routersByPrefix(routers: readonly Router[]): RoutersMiddleware {
  const offered = routers.map((router) => ({
    starts: [...new Set(router.stack.map((layer) => literalStart(layer.path)))],
    // A router's middleware is typed for its own context; Koa hands it the app's, as app.use(router.routes()) did.
    routes: router.routes() as unknown as Middleware,
  }));
  // Every router answers the same methods, so any one's judgement is each one's.
  const allowedMethods = routers[0].allowedMethods() as unknown as Middleware;
  const dispatch: Middleware = (ctx, next) => {
    const path = ctx.path;
    // As a walk of the routers left it when none matched: seen, with nothing matched (an unknown method is then 501).
    (ctx as { matched?: unknown[] }).matched ??= [];
    const from = (index: number): Promise<unknown> => {
      for (let i = index; i < offered.length; i++)
        if (offered[i].starts.some((start) => path.startsWith(start)))
          return Promise.resolve(offered[i].routes(ctx, () => from(i + 1)));
      return Promise.resolve(next());
    };
    return allowedMethods(ctx, () => from(0));
  };
  return Object.assign(dispatch, { routers });
}
