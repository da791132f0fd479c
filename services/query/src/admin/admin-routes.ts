import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { type CrisisCount, type ServiceHealth, type SystemHealth } from '@reflections/contracts/admin';
import { liveInstances, totalsOf } from '@reflections/platform/observability/service-health';
import { parkedSummary } from '../projection-engine/parked-events';
import type { RoleGuards } from '@reflections/platform/session/require-role';
import { adminStats, communityPulse, crisisCountThisWeek, crisisDetections, membershipTrends } from './admin-figures';
import { shownPulse, shownStats, shownTrends } from './shown-figures';
import { READ_MODELS } from '@reflections/contracts/admin';
import { reads } from '../projection-engine/read-your-writes';

/** GET /api/admin/stats, membership-trends, community-pulse, system-health, crisis-count (docs/product.md#admin-calls), crisis-detections (issue 22). */
export function adminFigureRoutes(orm: MikroORM, roles: RoleGuards): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(roles.admin);
  const em = () => orm.em.fork();

  router.get('/stats', reads(READ_MODELS.users), async (ctx) => {
    ctx.body = shownStats(await adminStats(em(), new Date()));
  });
  router.get('/membership-trends', reads(READ_MODELS.membership), async (ctx) => {
    ctx.body = shownTrends(await membershipTrends(em(), new Date()));
  });
  router.get('/community-pulse', reads(READ_MODELS.pulse), async (ctx) => {
    ctx.body = shownPulse(await communityPulse(em(), new Date()));
  });
  router.get('/crisis-count', reads(READ_MODELS.pulse), async (ctx) => {
    const body: CrisisCount = { thisWeek: await crisisCountThisWeek(em(), new Date()) };
    ctx.body = body;
  });
  router.get('/crisis-detections', reads(READ_MODELS.pulse), async (ctx) => {
    ctx.body = await crisisDetections(em(), new Date());
  });
  router.get('/system-health', reads(READ_MODELS.users), async (ctx) => {
    const [logins] = await em().execute<{ total: string }[]>(
      'SELECT coalesce(sum(login_count), 0) AS total FROM user_accounts',
    );
    // Every process's own figures, from the heartbeats they write (services/platform/src/observability/service-health.ts).
    const instances = await liveInstances((sql) => em().execute(sql));
    // Response time and error rate of HTTP answers: a model call is no response time.
    const all = totalsOf(instances.filter((i) => i.counts === 'requests'));
    const services = [...new Set(instances.map((i) => i.service))].map((service): ServiceHealth => {
      const own = instances.filter((i) => i.service === service);
      const figures = totalsOf(own);
      return {
        service,
        counts: own[0].counts,
        instances: figures.instances,
        uptime: figures.uptimeSeconds,
        requests: figures.requests,
        errors: figures.errors,
        p50ResponseTime: figures.p50Ms,
        p99ResponseTime: figures.p99Ms,
      };
    });
    const body: SystemHealth = {
      uptime: totalsOf(instances).uptimeSeconds,
      avgResponseTime: all.avgMs,
      errorRate: all.errorRatePercent,
      totalLogins: Number(logins.total),
      services,
      parkedEvents: await parkedSummary(em()),
    };
    ctx.body = body;
  });
  return router;
}
