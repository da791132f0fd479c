import Koa from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import { correlationId } from '@reflections/platform/http/correlation';
import { errorMiddleware } from '@reflections/platform/http/error-middleware';
import { jsonCompression } from '@reflections/platform/http/json-compression';
import type { PostgresSessionStore } from '@reflections/platform/session/postgres-session-store';
import { sessionMiddleware } from '@reflections/platform/session/session-middleware';
import { authRoutes } from './auth/auth-routes';
import type { ProjectorRuntime } from './infra/projector-runtime';
import { readYourWrites } from './infra/read-your-writes';

export type QueryAppDependencies = {
  orm: MikroORM;
  runtime: ProjectorRuntime;
  sessionStore: PostgresSessionStore;
  sessionKeys: string[];
  readYourWritesTimeoutMs: number;
};

/** The Koa app for every GET under /api, served from the read models. */
export function createQueryApp(deps: QueryAppDependencies): Koa {
  const app = new Koa();
  app.use(jsonCompression());
  app.use(errorMiddleware());
  app.use(correlationId());
  app.use(async function noStore(ctx, next) {
    await next();
    ctx.set('Cache-Control', 'no-store');
  });
  app.use(sessionMiddleware(app, { keys: deps.sessionKeys, store: deps.sessionStore }));
  app.use(readYourWrites(deps.runtime, { timeoutMs: deps.readYourWritesTimeoutMs }));
  for (const router of [authRoutes(deps.orm)]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
