import * as t from 'io-ts';
import { ForumBoard } from './forum';
import { uuid } from './validation';

/**
 * Forum notifications (issue 26): a reply to a member's post, or to a thread he replied in.
 * A notification is named by the reply that caused it. An anonymous reply's notification
 * carries no name and no id of its writer; a member's own reply never notifies him.
 */
export const NotificationKind = t.keyof({ 'reply-to-your-post': null, 'reply-in-your-thread': null });
export type NotificationKind = t.TypeOf<typeof NotificationKind>;

export const ForumNotificationView = t.type({
  /** The reply's id. */
  id: t.string,
  postId: t.string,
  board: ForumBoard,
  postTitle: t.string,
  kind: NotificationKind,
  /** The replier's first name; null when he replied anonymously. */
  replierName: t.union([t.string, t.null]),
  createdAt: t.string,
  read: t.boolean,
});
export type ForumNotificationView = t.TypeOf<typeof ForumNotificationView>;

/** GET /api/forum/notifications: how many are unread, and the newest ones. */
export const ForumNotifications = t.type({ unread: t.number, notifications: t.array(ForumNotificationView) });
export type ForumNotifications = t.TypeOf<typeof ForumNotifications>;

/** A list shows at most this many, newest first. */
export const NOTIFICATION_LIST_SIZE = 50;

export const NOTIFICATION_MESSAGES = {
  notificationId: 'This notification is not valid; please reload the list',
} as const;

/** POST /api/forum/notifications/read: one notification, or (no id) every one he has so far. */
export const MarkNotificationsReadRequest = t.exact(
  t.partial({ notificationId: uuid(NOTIFICATION_MESSAGES.notificationId) }),
);
export type MarkNotificationsReadRequest = t.TypeOf<typeof MarkNotificationsReadRequest>;

/** On the member's own stream. `notificationId` null: every notification created at or before `readAt`. */
export const NotificationsRead = t.type({
  type: t.literal('NotificationsRead'),
  data: t.type({ memberId: t.string, notificationId: t.union([t.string, t.null]), readAt: t.string }),
});
export type NotificationsRead = t.TypeOf<typeof NotificationsRead>;

/**
 * What a member's open board or post learns over GET /api/forum/live: which post changed and
 * how, never who changed it (so no change reveals an anonymous author).
 */
export const ForumChangeKind = t.keyof({
  posted: null,
  replied: null,
  edited: null,
  hidden: null,
  restored: null,
  deleted: null,
  reacted: null,
  pinned: null,
});
export type ForumChangeKind = t.TypeOf<typeof ForumChangeKind>;
export const ForumLiveChange = t.type({
  kind: ForumChangeKind,
  board: ForumBoard,
  categoryId: t.number,
  category: t.string,
  postId: t.string,
});
export type ForumLiveChange = t.TypeOf<typeof ForumLiveChange>;

/** The live stream's two event names: `notifications` carries `{ unread }`, `forum` a ForumLiveChange. */
export const LiveUnread = t.type({ unread: t.number });
export type LiveUnread = t.TypeOf<typeof LiveUnread>;

export const NotificationsReadResponse = t.type({ read: t.literal(true) });
export type NotificationsReadResponse = t.TypeOf<typeof NotificationsReadResponse>;
