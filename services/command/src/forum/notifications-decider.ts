import type { NotificationsRead } from '@reflections/contracts/forum-notifications';

export type MarkNotificationsRead = {
  type: 'MarkNotificationsRead';
  memberId: string;
  notificationId: string | null;
  now: string;
};

/**
 * Marking notifications read is always allowed: a notification that is not his, or already
 * read, is left as it is by the read model, so there is nothing to refuse.
 */
export const decideMarkNotificationsRead = (command: MarkNotificationsRead): NotificationsRead[] => [
  {
    type: 'NotificationsRead',
    data: { memberId: command.memberId, notificationId: command.notificationId, readAt: command.now },
  },
];
