import Router from '@koa/router';
import type { Connection } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { DASHBOARD_ANNOUNCEMENTS } from '@reflections/contracts/announcements';
import { ARCHETYPES, type ArchetypeId } from '@reflections/contracts/archetypes';
import type { DashboardPayload } from '@reflections/contracts/dashboard';
import type { MembershipType } from '@reflections/contracts/identity';
import { unauthorized } from '@reflections/platform/http/http-error';
import { requireSignedIn } from '@reflections/platform/session/require-signed-in';
import { latestAnnouncements } from './announcements';
import type { MemberProfile } from './member-profile.entity';
import { READ_MODELS } from '@reflections/contracts/admin';
import { reads } from '../projection-engine/read-your-writes';

type ProfileRow = {
  user_id: string;
  first_name: string;
  last_name: string;
  membership_type: MembershipType;
  archetype: ArchetypeId;
  seeking: string | null;
  inner_strength: string | null;
  peace_meaning: string | null;
  show_welcome: boolean;
};

/**
 * The member_profiles row by plain SQL on the ORM's connection: the dashboard is the
 * most-read page, and entity hydration cost more than the queries themselves
 * (see infra/src/bench/dashboard-bench.ts).
 */
async function findProfile(connection: Connection, userId: string): Promise<MemberProfile | null> {
  const [row]: ProfileRow[] = await connection.execute(
    'select user_id, first_name, last_name, membership_type, archetype, seeking, inner_strength, peace_meaning, show_welcome from member_profiles where user_id = ?',
    [userId],
  );
  return row
    ? {
        userId: row.user_id,
        firstName: row.first_name,
        lastName: row.last_name,
        membershipType: row.membership_type,
        archetype: row.archetype,
        seeking: row.seeking,
        innerStrength: row.inner_strength,
        peaceMeaning: row.peace_meaning,
        showWelcome: row.show_welcome,
      }
    : null;
}

export function toDashboard(
  profile: MemberProfile,
  announcements: DashboardPayload['announcements'],
): DashboardPayload {
  const archetype = ARCHETYPES[profile.archetype];
  const journeyDone = profile.seeking !== null && profile.innerStrength !== null && profile.peaceMeaning !== null;
  return {
    user: {
      id: profile.userId,
      firstName: profile.firstName,
      lastName: profile.lastName,
      membershipType: profile.membershipType,
    },
    onboardingData: journeyDone
      ? {
          assignedArchetype: archetype?.title ?? profile.archetype,
          seeking: profile.seeking!,
          innerStrength: profile.innerStrength!,
          peaceMeaning: profile.peaceMeaning!,
        }
      : null,
    userArchetype:
      journeyDone && archetype
        ? { id: archetype.id, symbol: archetype.symbol, title: archetype.title, represents: archetype.represents }
        : null,
    announcements,
    showWelcome: profile.showWelcome,
  };
}

/** GET /api/dashboard (docs/product.md#dashboard-calls). */
export function dashboardRoutes(orm: MikroORM): Router {
  const router = new Router({ prefix: '/api/dashboard' });
  router.get('/', reads(READ_MODELS.memberProfiles, READ_MODELS.announcements), async (ctx) => {
    const userId = requireSignedIn(ctx);
    const connection = orm.em.getConnection();
    const [profile, announcements] = await Promise.all([
      findProfile(connection, userId),
      latestAnnouncements(connection, DASHBOARD_ANNOUNCEMENTS),
    ]);
    // A session whose member is gone (or not yet projected) is no sign-in at all.
    if (!profile) throw unauthorized();
    ctx.body = toDashboard(profile, announcements);
  });
  return router;
}
