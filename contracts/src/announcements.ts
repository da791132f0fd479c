import * as t from 'io-ts';
import { withMessage } from './validation';

/** Announcements an admin publishes to members' dashboards (stream announcement-{id}). */

export const ANNOUNCEMENT_MESSAGES = {
  title: 'Title must be between 3 and 120 characters',
  body: 'Message must be between 10 and 2,000 characters',
  notFound: 'No such announcement',
} as const;

/** Members' dashboards show the newest this many. */
export const DASHBOARD_ANNOUNCEMENTS = 2;

const bounded = (min: number, max: number, message: string) =>
  withMessage(
    new t.Type<string, string, unknown>(
      `Text(${min}..${max})`,
      (u): u is string => typeof u === 'string' && u.trim().length >= min && u.trim().length <= max,
      (u, c) => (typeof u === 'string' && u.trim().length >= min && u.trim().length <= max ? t.success(u.trim()) : t.failure(u, c)),
      t.identity,
    ),
    message,
  );

/** POST /api/admin/announcements and PUT /api/admin/announcements/{id} */
export const AnnouncementRequest = t.exact(t.type({ title: bounded(3, 120, ANNOUNCEMENT_MESSAGES.title), body: bounded(10, 2000, ANNOUNCEMENT_MESSAGES.body) }));
export type AnnouncementRequest = t.TypeOf<typeof AnnouncementRequest>;

export const AnnouncementView = t.type({ id: t.string, title: t.string, body: t.string, publishedAt: t.string, editedAt: t.union([t.string, t.null]) });
export type AnnouncementView = t.TypeOf<typeof AnnouncementView>;

export const AnnouncementPublished = t.type({
  type: t.literal('AnnouncementPublished'),
  data: t.type({ announcementId: t.string, title: t.string, body: t.string, publishedBy: t.string, publishedAt: t.string }),
});
export const AnnouncementEdited = t.type({
  type: t.literal('AnnouncementEdited'),
  data: t.type({ announcementId: t.string, title: t.string, body: t.string, editedBy: t.string, editedAt: t.string }),
});
export const AnnouncementWithdrawn = t.type({
  type: t.literal('AnnouncementWithdrawn'),
  data: t.type({ announcementId: t.string, withdrawnBy: t.string, withdrawnAt: t.string }),
});

export const AnnouncementEvent = t.union([AnnouncementPublished, AnnouncementEdited, AnnouncementWithdrawn]);
export type AnnouncementEvent = t.TypeOf<typeof AnnouncementEvent>;
