import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { DASHBOARD_ANNOUNCEMENTS } from '@reflections/contracts/announcements';
import { ARCHETYPES } from '@reflections/contracts/archetypes';
import type { DashboardPayload } from '@reflections/contracts/dashboard';
import { unauthorized } from '@reflections/platform/http/http-error';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { latestAnnouncements } from './announcements';
import { MemberProfile } from './member-profile.entity';

export function toDashboard(profile: MemberProfile, announcements: DashboardPayload['announcements']): DashboardPayload {
  const archetype = ARCHETYPES[profile.archetype];
  const journeyDone = profile.seeking !== null && profile.innerStrength !== null && profile.peaceMeaning !== null;
  return {
    user: { id: profile.userId, firstName: profile.firstName, lastName: profile.lastName, membershipType: profile.membershipType },
    onboardingData: journeyDone
      ? { assignedArchetype: archetype?.title ?? profile.archetype, seeking: profile.seeking!, innerStrength: profile.innerStrength!, peaceMeaning: profile.peaceMeaning! }
      : null,
    userArchetype: journeyDone && archetype ? { symbol: archetype.symbol, title: archetype.title, represents: archetype.represents } : null,
    announcements,
  };
}

/** GET /api/dashboard (spec 000 §3, §7). */
export function dashboardRoutes(orm: MikroORM): Router {
  const router = new Router({ prefix: '/api/dashboard' });
  router.get('/', async (ctx) => {
    const userId = requireSignedIn(ctx);
    const em = orm.em.fork();
    const [profile, announcements] = await Promise.all([em.findOne(MemberProfile, { userId }), latestAnnouncements(em, DASHBOARD_ANNOUNCEMENTS)]);
    // A session whose member is gone (or not yet projected) is no sign-in at all.
    if (!profile) throw unauthorized();
    ctx.body = toDashboard(profile, announcements);
  });
  return router;
}
