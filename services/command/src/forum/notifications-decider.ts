import { NotificationsRead } from '@reflections/contracts/forum-notifications';
import { accept, type Decider, type Rejection } from '@reflections/platform/command/decider';

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
export const notificationsDecider: Decider<null, MarkNotificationsRead, NotificationsRead, Rejection<never>> = {
  codec: NotificationsRead,
  initialState: null,
  evolve: (state) => state,
  decide: (command) =>
    accept({
      type: 'NotificationsRead',
      data: { memberId: command.memberId, notificationId: command.notificationId, readAt: command.now },
    }),
};
