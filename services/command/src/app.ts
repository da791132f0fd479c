import Koa from 'koa';
import type { AiJobClient } from '@reflections/ai-worker/client/ai-job-client';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { correlationId } from '@reflections/platform/http/correlation';
import { errorMiddleware } from '@reflections/platform/http/error-middleware';
import { jsonBody } from '@reflections/platform/http/json-body';
import type { PostgresSessionStore } from '@reflections/platform/session/postgres-session-store';
import { sessionMiddleware } from '@reflections/platform/session/session-middleware';
import { authRoutes } from './auth/auth-routes';
import { contactRoutes } from './contact/contact-routes';
import { raiRoutes } from './rai/rai-routes';

export type CommandAppDependencies = {
  eventStore: EventStore;
  sessionStore: PostgresSessionStore;
  sessionKeys: string[];
  bodyLimitBytes: number;
  /** The AI worker, on NATS or in-process (see @reflections/ai-worker/ai-jobs-connection). */
  aiJobs: AiJobClient;
};

/** The Koa app for every writing endpoint under /api. */
export function createCommandApp(deps: CommandAppDependencies): Koa {
  const app = new Koa();
  app.use(errorMiddleware());
  app.use(correlationId());
  app.use(sessionMiddleware(app, { keys: deps.sessionKeys, store: deps.sessionStore }));
  app.use(jsonBody({ limitBytes: deps.bodyLimitBytes }));
  for (const router of [authRoutes(deps.eventStore), contactRoutes(deps.eventStore), raiRoutes(deps)]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
