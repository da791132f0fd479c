import Router from '@koa/router';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { type AnnouncementView, DASHBOARD_ANNOUNCEMENTS } from '@reflections/contracts/announcements';
import type { RoleGuards } from '@reflections/platform/session/require-role';
import { Announcement } from './announcement.entity';
import { READ_MODELS } from '@reflections/contracts/admin';
import { reads } from '../projection-engine/read-your-writes';

const toView = (announcement: Announcement): AnnouncementView => ({
  id: announcement.id,
  title: announcement.title,
  body: announcement.body,
  publishedAt: announcement.publishedAt.toISOString(),
  editedAt: announcement.editedAt?.toISOString() ?? null,
});

/** The newest announcements still standing; the member dashboard shows DASHBOARD_ANNOUNCEMENTS of them. */
export async function newestAnnouncements(em: EntityManager, limit: number): Promise<AnnouncementView[]> {
  const rows = await em.find(Announcement, { withdrawnAt: null }, { orderBy: { publishedAt: 'desc' }, limit });
  return rows.map(toView);
}

/** GET /api/announcements (a signed-in member: the newest 2) and GET /api/admin/announcements (all standing ones). */
export function announcementReadRoutes(orm: MikroORM, roles: RoleGuards): Router[] {
  const member = new Router({ prefix: '/api/announcements' });
  member.use(roles.member);
  member.get('/', reads(READ_MODELS.announcements), async (ctx) => {
    ctx.body = await newestAnnouncements(orm.em.fork(), DASHBOARD_ANNOUNCEMENTS);
  });

  const admin = new Router({ prefix: '/api/admin/announcements' });
  admin.use(roles.admin);
  admin.get('/', reads(READ_MODELS.announcements), async (ctx) => {
    ctx.body = await newestAnnouncements(orm.em.fork(), 100);
  });
  return [member, admin];
}
