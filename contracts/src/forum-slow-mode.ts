import * as t from 'io-ts';
import { ForumBoard, FORUM_MESSAGES, MAX_REPORT_REASON_LENGTH } from './forum';
import { boundedText, withMessage } from './validation';

/**
 * Slow mode (issue 26, docs/product.md#slow-mode): a moderator sets, per board, the least time
 * between two new posts of the same member. Replies are never slowed. Moderators are exempt.
 */

/** The choices a moderator has (Discourse's own, from off to one hour), in seconds. */
export const SLOW_MODE_CHOICES = [0, 10, 30, 60, 300, 900, 3600] as const;
export type SlowModeSeconds = (typeof SLOW_MODE_CHOICES)[number];

export const SLOW_MODE_MESSAGES = {
  seconds: 'Choose off, 10 seconds, 30 seconds, 1 minute, 5 minutes, 15 minutes or 1 hour',
  reason: 'Please say briefly why (at most 500 characters)',
} as const;

const secondsChoice = t.union(
  SLOW_MODE_CHOICES.map((seconds) => t.literal(seconds)) as unknown as [
    t.LiteralC<SlowModeSeconds>,
    t.LiteralC<SlowModeSeconds>,
    ...t.LiteralC<SlowModeSeconds>[],
  ],
);
export const SlowModeSecondsCodec = withMessage(secondsChoice, SLOW_MODE_MESSAGES.seconds);

/** PUT /api/admin/moderation/boards/:board/slow-mode: the setting and the moderator's why, which every action carries. */
export const SetSlowModeRequest = t.exact(
  t.type({
    seconds: SlowModeSecondsCodec,
    reason: boundedText({
      min: 1,
      max: MAX_REPORT_REASON_LENGTH,
      tooShort: SLOW_MODE_MESSAGES.reason,
      tooLong: FORUM_MESSAGES.moderationReason,
      label: 'Reason',
    }),
  }),
);
export type SetSlowModeRequest = t.TypeOf<typeof SetSlowModeRequest>;

export const SlowModeBoardParams = t.type({
  board: withMessage(ForumBoard, 'board must be campfire or first-responders'),
});

/** On the board's settings stream: who set what, when and why, named as on every moderator's event. `seconds` 0 turns slow mode off. */
export const ForumSlowModeSet = t.type({
  type: t.literal('ForumSlowModeSet'),
  data: t.type({ board: ForumBoard, seconds: t.number, reason: t.string, adminId: t.string, at: t.string }),
});
export type ForumSlowModeSet = t.TypeOf<typeof ForumSlowModeSet>;

/**
 * A member's new post counted against a board's slow mode, on his own pacing stream for that
 * board: the stream's revision is what makes two posts sent at once pass one at a time. It
 * names no post (an anonymous post's author must not be findable from it); written only
 * while slow mode is on.
 */
export const SlowModePostCounted = t.type({
  type: t.literal('SlowModePostCounted'),
  data: t.type({ board: ForumBoard, memberId: t.string, at: t.string }),
});
export type SlowModePostCounted = t.TypeOf<typeof SlowModePostCounted>;

export const forumBoardSettingsStream = (board: ForumBoard) => `forumBoardSettings-${board}`;
export const slowModePacingStream = (board: ForumBoard, memberId: string) => `forumSlowModePacing-${board}-${memberId}`;

export const SetSlowModeResponse = t.type({ board: ForumBoard, seconds: t.number, changed: t.boolean });
export type SetSlowModeResponse = t.TypeOf<typeof SetSlowModeResponse>;

/** What members see of a board's slow mode (seconds 0: off). */
export const SlowModeView = t.type({ board: ForumBoard, seconds: t.number });
export type SlowModeView = t.TypeOf<typeof SlowModeView>;

/** What moderators see: the setting with the last change's why, when and by whom (null: never set). */
export const SlowModeAdminView = t.type({
  board: ForumBoard,
  seconds: t.number,
  reason: t.union([t.string, t.null]),
  setAt: t.union([t.string, t.null]),
  setByName: t.union([t.string, t.null]),
});
export type SlowModeAdminView = t.TypeOf<typeof SlowModeAdminView>;

/** "10 seconds", "1 minute", "1 hour": how a member and a moderator read a slow-mode length or a wait. */
export function slowModeWords(seconds: number): string {
  const [count, unit] =
    seconds >= 3600 && seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : seconds >= 60 && seconds % 60 === 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** "every 30 seconds", "every minute": a slow mode as members and moderators read it. */
export const slowModeEvery = (seconds: number) => `every ${slowModeWords(seconds).replace(/^1 /, '')}`;

/** A wait in the words a member reads: seconds under two minutes, else whole minutes rounded up. */
const waitWords = (seconds: number) =>
  seconds < 120 ? slowModeWords(seconds) : slowModeWords(Math.ceil(seconds / 60) * 60);

/** The refusal a member reads when he posts too soon; his draft stays in the dialog. */
export const slowModeRefusal = (waitSeconds: number) =>
  `Slow mode is on in this board: you can post again in ${waitWords(waitSeconds)}.`;
