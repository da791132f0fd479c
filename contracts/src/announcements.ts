import * as t from 'io-ts';
import { boundedText } from './validation';

/** Announcements an admin publishes to members' dashboards (stream announcement-{id}). */

export const ANNOUNCEMENT_MESSAGES = {
  title: 'Title must be between 3 and 120 characters',
  body: 'Message must be between 10 and 2,000 characters',
  notFound: 'No such announcement',
} as const;

/** Members' dashboards show the newest this many. */
export const DASHBOARD_ANNOUNCEMENTS = 2;

export const MAX_ANNOUNCEMENT_TITLE_LENGTH = 120;
export const MAX_ANNOUNCEMENT_BODY_LENGTH = 2000;

const title = boundedText({
  min: 3,
  max: MAX_ANNOUNCEMENT_TITLE_LENGTH,
  tooShort: ANNOUNCEMENT_MESSAGES.title,
  tooLong: ANNOUNCEMENT_MESSAGES.title,
  label: 'Title',
});
const body = boundedText({
  min: 10,
  max: MAX_ANNOUNCEMENT_BODY_LENGTH,
  tooShort: ANNOUNCEMENT_MESSAGES.body,
  tooLong: ANNOUNCEMENT_MESSAGES.body,
  label: 'Message',
});

/** POST /api/admin/announcements and PUT /api/admin/announcements/{id} */
export const AnnouncementRequest = t.exact(t.type({ title, body }));
export type AnnouncementRequest = t.TypeOf<typeof AnnouncementRequest>;

export const AnnouncementView = t.type({
  id: t.string,
  title: t.string,
  body: t.string,
  publishedAt: t.string,
  editedAt: t.union([t.string, t.null]),
});
export type AnnouncementView = t.TypeOf<typeof AnnouncementView>;

export const AnnouncementPublished = t.type({
  type: t.literal('AnnouncementPublished'),
  data: t.type({
    announcementId: t.string,
    title: t.string,
    body: t.string,
    publishedBy: t.string,
    publishedAt: t.string,
  }),
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
