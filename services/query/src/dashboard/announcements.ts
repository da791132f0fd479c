import type { Connection } from '@mikro-orm/core';
import type { DashboardPayload } from '@reflections/contracts/dashboard';

type AnnouncementRow = { id: string; title: string; body: string; published_at: Date };

/**
 * The newest standing announcements (the admin's `announcements` read model), in the
 * dashboard payload's shape (docs/product.md#dashboard-calls). Plain SQL: the dashboard is the most-read page.
 */
export async function latestAnnouncements(
  connection: Connection,
  count: number,
): Promise<DashboardPayload['announcements']> {
  const rows: AnnouncementRow[] = await connection.execute(
    'select id, title, body, published_at from announcements where withdrawn_at is null order by published_at desc limit ?',
    [count],
  );
  return rows.map((a) => ({
    id: a.id,
    title: a.title,
    content: a.body,
    createdAt: new Date(a.published_at).toISOString(),
  }));
}
