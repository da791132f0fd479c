import type { EntityManager } from '@mikro-orm/postgresql';
import type { DashboardPayload } from '@reflections/contracts/dashboard';
import { newestAnnouncements } from '../admin/announcement-routes';

/** The newest announcements for the dashboard's community card (spec 000 §9: two), from the admin's announcements read model. */
export async function latestAnnouncements(em: EntityManager, count: number): Promise<DashboardPayload['announcements']> {
  return (await newestAnnouncements(em, count)).map((announcement) => ({ id: announcement.id, title: announcement.title, content: announcement.body, createdAt: announcement.publishedAt }));
}
