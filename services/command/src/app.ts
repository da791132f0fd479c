import Koa from 'koa';
import type { AiJobClient } from '@reflections/ai-client/ai-job-client';
import { createCrisisDetector } from '@reflections/crisis/crisis-detector';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { correlationId } from '@reflections/platform/http/correlation';
import { errorMiddleware } from '@reflections/platform/http/error-middleware';
import { jsonBody } from '@reflections/platform/http/json-body';
import { RequestMetrics } from '@reflections/platform/http/request-metrics';
import { jsonCompression } from '@reflections/platform/http/json-compression';
import type { PostgresSessionStore } from '@reflections/platform/session/postgres-session-store';
import { sessionMiddleware } from '@reflections/platform/session/session-middleware';
import type { SessionLifetime } from '@reflections/platform/session/session-lifetime';
import { type AdminCommandDependencies, adminRouters } from './admin/admin-routes';
import { adminAssistantOn } from './admin/assistant-job';
import { authRoutes } from './auth/auth-routes';
import { passwordResetRoutes } from './auth/password-reset-routes';
import { settingsRoutes } from './auth/settings-routes';
import { erasureRoutes } from './auth/erasure-routes';
import { memberAccessRoutes } from './auth/member-access-routes';
import { registeredFirstName, registeredUser } from './auth/identity-store';
import { roleGuards } from '@reflections/platform/session/require-role';
import { contactInboxRoutes } from './contact/contact-inbox-routes';
import { contactRoutes } from './contact/contact-routes';
import { peaceRoutes } from './peace/peace-routes';
import { welcomeRoutes } from './preferences/welcome-routes';
import { storyPromptsFromRai } from './story/story-prompts';
import { storyRoutes } from './story/story-routes';
import type { CrisisCheck } from '@reflections/crisis/crisis-check';
import { forumRoutes } from './forum/forum-routes';
import { type BoardSettingsCache, slowModeRoutes } from './forum/forum-slow-mode';
import { notificationRoutes } from './forum/notifications-routes';
import { raiRoutes } from './rai/rai-routes';
import { type Mailer, mailerFromEnvironment } from './plumbing/mailer';
import type { CommandRateLimits } from './plumbing/rate-limits';
import { logServerErrors } from '@reflections/platform/http/server-errors';
import { idempotentCreates } from '@reflections/platform/http/idempotent-creates';
import type { PostgresIdempotencyStore } from '@reflections/platform/http/idempotency-store';
import { CREATING_ROUTES, SIGNING_IN_ROUTES } from './plumbing/creating-routes';
import { trustProxy } from '@reflections/platform/http/trust-proxy';
import { API_CSP, securityHeaders } from '@reflections/platform/http/security-headers';
import { sameOriginWrites } from '@reflections/platform/http/same-origin-writes';
import { routersByPrefix } from '@reflections/platform/http/routers-by-prefix';

export type CommandAppDependencies = {
  eventStore: EventStore;
  sessionStore: PostgresSessionStore;
  /** Idempotency keys of creating requests, shared by every command process (see idempotentCreates). */
  idempotencyStore: PostgresIdempotencyStore;
  sessionKeys: string[];
  bodyLimitBytes: number;
  /** The AI worker, on NATS or in-process (see infra/src/processes/ai-jobs-connection.ts). */
  aiJobs: AiJobClient;
  /** The crisis detector the forum asks about every post and reply; by default the local classifier RAI uses. */
  crisisCheck?: CrisisCheck;
  /** Response times and errors for system health; the embedded mode shares one with the query app. */
  requestMetrics?: RequestMetrics;
  /** Reverse proxies whose X-Forwarded-* headers are believed (TRUST_PROXY); none by default. */
  trustProxyHops?: number;
  /** Idle and absolute session limits (SESSION_IDLE_DAYS, SESSION_MAX_DAYS); 7 and 30 days by default. */
  sessionLifetime?: SessionLifetime;
  /** Where writes may come from (PUBLIC_ORIGIN); empty or omitted: the origin each request was addressed to. */
  publicOrigins?: readonly string[];
  /** Sign-in, registration, contact and RAI limits, counted in PostgreSQL (see plumbing/rate-limits). */
  rateLimits: CommandRateLimits;
  /** The forum boards' settings as this process last read them (listenForBoardSettings). */
  boardSettings: BoardSettingsCache;
  /** Password reset links and account notices; by default SMTP_URL, or the outbox in DATA_DIR/outbox (see plumbing/mailer). */
  mailer?: Mailer;
} & AdminCommandDependencies;

const localCrisisCheck =
  (detector: ReturnType<typeof createCrisisDetector>): CrisisCheck =>
  (text) =>
    detector.isCrisis(text);

/** The Koa app for every writing endpoint under /api. */
export function createCommandApp(deps: CommandAppDependencies): Koa {
  const app = trustProxy(logServerErrors(new Koa()), deps.trustProxyHops ?? 0);
  // Roles are read from the member's own stream, the command side's source of truth.
  const findUser = registeredUser(deps.eventStore);
  const roles = roleGuards(findUser);
  app.use(securityHeaders({ contentSecurityPolicy: API_CSP, noStore: true }));
  app.use(jsonCompression());
  app.use((deps.requestMetrics ?? new RequestMetrics()).middleware());
  app.use(errorMiddleware());
  app.use(correlationId());
  app.use(sameOriginWrites({ publicOrigins: deps.publicOrigins ?? [] }));
  app.use(sessionMiddleware(app, { keys: deps.sessionKeys, store: deps.sessionStore, lifetime: deps.sessionLifetime }));
  app.use(jsonBody({ limitBytes: deps.bodyLimitBytes }));
  app.use(
    idempotentCreates({
      store: deps.idempotencyStore,
      routes: CREATING_ROUTES,
      signingIn: SIGNING_IN_ROUTES,
      secret: deps.sessionKeys[0],
    }),
  );
  const crisisCheck = deps.crisisCheck ?? localCrisisCheck(createCrisisDetector());
  const askAssistant = deps.askAssistant === undefined ? adminAssistantOn(deps.aiJobs) : deps.askAssistant;
  const mailer = deps.mailer ?? mailerFromEnvironment();
  app.use(
    routersByPrefix([
      authRoutes(deps.eventStore, deps.rateLimits, deps.sessionStore),
      settingsRoutes(deps.eventStore, deps.sessionStore, deps.rateLimits.login, mailer),
      erasureRoutes(
        { store: deps.eventStore, sessions: deps.sessionStore, idempotency: deps.idempotencyStore },
        deps.rateLimits.login,
        roles,
      ),
      passwordResetRoutes(deps.eventStore, deps.rateLimits, deps.sessionStore, {
        mailer,
        publicOrigin: deps.publicOrigins?.[0] ?? null,
      }),
      contactRoutes(deps.eventStore, deps.rateLimits.contact),
      contactInboxRoutes(deps.eventStore, roles),
      storyRoutes(deps.eventStore, storyPromptsFromRai(deps.aiJobs), crisisCheck, deps.rateLimits.rai),
      peaceRoutes(deps.eventStore),
      welcomeRoutes(deps.eventStore),
      forumRoutes(deps.eventStore, { crisisCheck, roles, findUser, boardSettings: deps.boardSettings }),
      slowModeRoutes(deps.eventStore, deps.boardSettings, roles),
      notificationRoutes(deps.eventStore),
      raiRoutes(deps),
      memberAccessRoutes(deps.eventStore, roles),
      ...adminRouters(
        deps.eventStore,
        { ...deps, askAssistant },
        { roles, memberFirstName: registeredFirstName(deps.eventStore) },
      ),
    ]),
  );
  return app;
}
