import Koa from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import { correlationId } from '@reflections/platform/http/correlation';
import { errorMiddleware } from '@reflections/platform/http/error-middleware';
import { jsonCompression } from '@reflections/platform/http/json-compression';
import { routersByPrefix } from '@reflections/platform/http/routers-by-prefix';
import type { PostgresSessionStore } from '@reflections/platform/session/postgres-session-store';
import { sessionMiddleware } from '@reflections/platform/session/session-middleware';
import type { SessionLifetime } from '@reflections/platform/session/session-lifetime';
import { RequestMetrics } from '@reflections/platform/http/request-metrics';
import { adminFigureRoutes } from './admin/admin-routes';
import { announcementReadRoutes } from './admin/announcement-routes';
import { bookingReadRoutes } from './admin/booking-routes';
import { liveRoutes } from './admin/live-routes';
import { exportRoutes } from './account/export-routes';
import type { MemberDataSources } from './account/member-export';
import { bookingsForExport } from './admin/booking-export';
import { accountForExport } from './auth/account-export';
import { journalForExport } from './journal/journal-export';
import { activitiesForExport } from './member/activity-export';
import { peaceForExport } from './peace/peace-export';
import { storiesForExport } from './story/story-export';
import { adminUsersRoutes } from './auth/admin-users-routes';
import { authRoutes } from './auth/auth-routes';
import { knownMember } from './auth/known-member';
import { type RoleGuards, roleGuards } from '@reflections/platform/session/require-role';
import { READ_MODELS } from '@reflections/contracts/admin';
import { contactInboxRoutes } from './contact/contact-inbox-routes';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import { journalRoutes } from './journal/journal-routes';
import { userStats } from './journal/user-stats';
import { memberRoutes } from './member/member-routes';
import { peaceRoutes } from './peace/peace-routes';
import { storyRoutes } from './story/story-routes';
import { forumRoutes } from './forum/forum-routes';
import { forumPostsForExport, forumRepliesForExport } from './forum/forum-export';
import { forumSlowModeRoutes } from './forum/forum-slow-mode-routes';
import { forumNotificationRoutes } from './forum/forum-notifications-routes';
import { openApiRoutes } from './openapi/openapi-routes';
import type { ProjectionProgress } from './projection-engine/projection-progress';
import { alsoReads, logMovedPast, readYourWrites } from './projection-engine/read-your-writes';
import type { EventStore } from '@reflections/platform/event-store/event-store';
import { reportRoutes } from './reports/report-routes';
import { REPORTS } from './reports/reports';
import { logServerErrors } from '@reflections/platform/http/server-errors';
import { trustProxy } from '@reflections/platform/http/trust-proxy';
import { API_CSP, securityHeaders } from '@reflections/platform/http/security-headers';

export type QueryAppDependencies = {
  orm: MikroORM;
  /** The projectors' checkpoints, wherever they run. */
  projections: ProjectionProgress;
  sessionStore: PostgresSessionStore;
  sessionKeys: string[];
  readYourWritesTimeoutMs: number;
  /** Asked, when no projector moves while a member's read waits, whether his position lies beyond the log. */
  eventStore?: EventStore;
  /** Response times and errors for system health; the embedded mode shares one with the command app. */
  requestMetrics?: RequestMetrics;
  /** Reverse proxies whose X-Forwarded-* headers are believed (TRUST_PROXY); none by default. */
  trustProxyHops?: number;
  /** Idle and absolute session limits (SESSION_IDLE_DAYS, SESSION_MAX_DAYS); 7 and 30 days by default. */
  sessionLifetime?: SessionLifetime;
};

/** What each slice holds about a member, for his export. */
const MEMBER_DATA: MemberDataSources = {
  account: accountForExport,
  journal: journalForExport,
  stories: storiesForExport,
  peace: peaceForExport,
  forumPosts: forumPostsForExport,
  forumReplies: forumRepliesForExport,
  bookings: bookingsForExport,
  activities: activitiesForExport,
};

/** The Koa app for every GET under /api, served from the read models. */
export function createQueryApp(deps: QueryAppDependencies): Koa {
  const app = trustProxy(logServerErrors(new Koa()), deps.trustProxyHops ?? 0);
  app.use(securityHeaders({ contentSecurityPolicy: API_CSP, noStore: true }));
  app.use(jsonCompression());
  const metrics = deps.requestMetrics ?? new RequestMetrics();
  app.use(metrics.middleware());
  app.use(errorMiddleware());
  app.use(correlationId());
  app.use(sessionMiddleware(app, { keys: deps.sessionKeys, store: deps.sessionStore, lifetime: deps.sessionLifetime }));
  // Roles are read from the users read model, the query side's source of truth: every guarded route reads it.
  const guards = roleGuards(knownMember(deps.orm));
  const roles: RoleGuards = {
    member: alsoReads(guards.member, READ_MODELS.users),
    admin: alsoReads(guards.admin, READ_MODELS.users),
  };
  const admin = [
    adminFigureRoutes(deps.orm, roles),
    adminUsersRoutes(deps.orm, roles),
    ...bookingReadRoutes(deps.orm, roles),
    ...announcementReadRoutes(deps.orm, roles),
    liveRoutes(deps.orm, deps.projections, roles),
    contactInboxRoutes(deps.orm, roles),
  ];
  const routers = [
    authRoutes(deps.orm),
    ...admin,
    dashboardRoutes(deps.orm),
    exportRoutes(deps.orm, roles, MEMBER_DATA),
    journalRoutes(deps.orm),
    memberRoutes(deps.orm, (userId) => userStats(deps.orm.em.fork(), userId)),
    peaceRoutes(deps.orm),
    storyRoutes(deps.orm),
    forumRoutes(deps.orm),
    forumNotificationRoutes(deps.orm, deps.projections),
    forumSlowModeRoutes(deps.orm, roles),
    reportRoutes(deps.orm, REPORTS, roles),
    openApiRoutes(),
  ];
  app.use(
    readYourWrites(deps.projections, {
      timeoutMs: deps.readYourWritesTimeoutMs,
      routers,
      logMovedPast: deps.eventStore && logMovedPast(deps.eventStore),
    }),
  );
  app.use(routersByPrefix(routers));
  return app;
}
