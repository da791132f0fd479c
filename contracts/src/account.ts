import * as t from 'io-ts';
import { withMessage } from './validation';

/** A member's own data, all of it (issue 24): GET /api/me/export and its readable reflections. */

export const EXPORT_MESSAGES = {
  date: 'Dates must be written YYYY-MM-DD',
  range: 'from must not be after to',
} as const;

/** Each list of an export holds at most this many rows, newest first: an export stays bounded. */
export const EXPORT_ROW_LIMIT = 5000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// 2026-13-01 is no date at all, and 2026-02-30 becomes 2026-03-02: both are refused.
const isCalendarDay = (text: string) => {
  const time = Date.parse(`${text}T00:00:00Z`);
  return DAY.test(text) && Number.isFinite(time) && new Date(time).toISOString().startsWith(text);
};
/** A calendar day, YYYY-MM-DD, that exists (not 2026-02-30). */
const CalendarDay = withMessage(
  new t.Type<string, string, unknown>(
    'CalendarDay',
    (u): u is string => typeof u === 'string' && DAY.test(u),
    (u, c) => (typeof u === 'string' && isCalendarDay(u) ? t.success(u) : t.failure(u, c)),
    String,
  ),
  EXPORT_MESSAGES.date,
);

/** GET /api/me/export/reflections.md and .pdf?from=&to=: both days included, UTC; either may be left out. */
export const ReflectionsRangeQuery = t.exact(t.partial({ from: CalendarDay, to: CalendarDay }));
export type ReflectionsRangeQuery = t.TypeOf<typeof ReflectionsRangeQuery>;

const nullableString = t.union([t.string, t.null]);

export const MemberExport = t.type({
  exportedAt: t.string,
  profile: t.type({
    id: t.string,
    email: t.string,
    firstName: t.string,
    lastName: t.string,
    role: t.string,
    membershipType: t.string,
    archetype: t.string,
    registeredAt: t.string,
    lastLoginAt: nullableString,
    loginCount: t.number,
  }),
  /** The journey's answers as he gave them; null for an account made by an admin. */
  journeyAnswers: t.union([t.record(t.string, t.unknown), t.null]),
  journal: t.array(
    t.type({
      id: t.string,
      source: t.string,
      writtenAt: t.string,
      prompt: nullableString,
      text: t.string,
      chosenMood: nullableString,
      raiReply: nullableString,
      raiMood: nullableString,
      crisisResourcesShown: t.boolean,
    }),
  ),
  stories: t.array(
    t.type({
      id: t.string,
      status: t.string,
      startedAt: t.string,
      completedAt: nullableString,
      prompts: t.array(t.string),
      answers: t.array(t.string),
      story: nullableString,
    }),
  ),
  peace: t.array(t.type({ id: t.string, section: t.string, prompt: t.string, answer: t.string, answeredAt: t.string })),
  /** His posts and replies, anonymous ones included (they are his). */
  forumPosts: t.array(
    t.type({
      id: t.string,
      board: t.string,
      category: t.string,
      title: t.string,
      content: t.string,
      anonymous: t.boolean,
      hidden: t.boolean,
      postedAt: t.string,
    }),
  ),
  forumReplies: t.array(
    t.type({
      id: t.string,
      postId: t.string,
      content: t.string,
      anonymous: t.boolean,
      hidden: t.boolean,
      repliedAt: t.string,
    }),
  ),
  bookings: t.array(
    t.type({
      id: t.string,
      sessionTitle: t.string,
      serviceType: t.string,
      scheduledAt: t.string,
      status: t.string,
      bookedAt: t.string,
    }),
  ),
  /** The activity list his dashboard shows. */
  activities: t.array(t.type({ id: t.string, kind: t.string, summary: t.string, at: t.string })),
  /** Lists that reached EXPORT_ROW_LIMIT: older rows exist that this export leaves out. */
  truncated: t.array(t.string),
});
export type MemberExport = t.TypeOf<typeof MemberExport>;
