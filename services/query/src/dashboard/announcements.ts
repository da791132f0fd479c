import type { EntityManager } from '@mikro-orm/postgresql';
import type { DashboardPayload } from '@reflections/contracts/dashboard';
import { newestAnnouncements } from '../admin/announcement-routes';

/** The newest standing announcements, in the dashboard payload's shape (spec 000 §3). */
export async function latestAnnouncements(em: EntityManager, count: number): Promise<DashboardPayload['announcements']> {
  return (await newestAnnouncements(em, count)).map((a) => ({ id: a.id, title: a.title, content: a.body, createdAt: a.publishedAt }));
}
