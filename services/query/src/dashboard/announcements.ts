import type { EntityManager } from '@mikro-orm/postgresql';
import type { DashboardPayload } from '@reflections/contracts/dashboard';

/**
 * The newest announcements for the dashboard's community card (spec 000 §9: two).
 * Admins cannot publish announcements yet, so there are none; this is the one place
 * to read them once they can.
 */
export async function latestAnnouncements(_em: EntityManager, _count: number): Promise<DashboardPayload['announcements']> {
  return [];
}
