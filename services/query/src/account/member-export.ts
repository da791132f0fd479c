import type { EntityManager } from '@mikro-orm/postgresql';
import { EXPORT_ROW_LIMIT, type MemberExport } from '@reflections/contracts/account';
import { ALL_TIME, type MemberRows, type TimeRange } from '../plumbing/member-rows';

/** What each slice holds about one member, read by his id only: handed in by the app, so this slice imports none of them. */
export type MemberDataSources = {
  readonly account: (
    em: EntityManager,
    userId: string,
  ) => Promise<Pick<MemberExport, 'profile' | 'journeyAnswers'> | null>;
  readonly journal: MemberRows<MemberExport['journal'][number]>;
  readonly stories: MemberRows<MemberExport['stories'][number]>;
  readonly peace: MemberRows<MemberExport['peace'][number]>;
  readonly forumPosts: MemberRows<MemberExport['forumPosts'][number]>;
  readonly forumReplies: MemberRows<MemberExport['forumReplies'][number]>;
  readonly bookings: MemberRows<MemberExport['bookings'][number]>;
  readonly activities: MemberRows<MemberExport['activities'][number]>;
};

/** One list of an export: at most EXPORT_ROW_LIMIT rows (one more is asked for, to know that there were more). */
const LIMITED = EXPORT_ROW_LIMIT + 1;

/** Each list cut to EXPORT_ROW_LIMIT, and the names of those that had more. */
function limitedLists<L extends Record<string, readonly unknown[]>>(lists: L): { lists: L; truncated: string[] } {
  const entries = Object.entries(lists);
  return {
    lists: Object.fromEntries(entries.map(([name, rows]) => [name, rows.slice(0, EXPORT_ROW_LIMIT)])) as unknown as L,
    truncated: entries.filter(([, rows]) => rows.length > EXPORT_ROW_LIMIT).map(([name]) => name),
  };
}

/** The reflections a member wrote (journal with RAI's replies, stories, P.E.A.C.E.), newest first, within a time range. */
export async function reflectionsOf(
  em: EntityManager,
  sources: MemberDataSources,
  userId: string,
  range: TimeRange = ALL_TIME,
) {
  const [journal, stories, peace] = await Promise.all([
    sources.journal(em, userId, range, LIMITED),
    sources.stories(em, userId, range, LIMITED),
    sources.peace(em, userId, range, LIMITED),
  ]);
  const { lists, truncated } = limitedLists({ journal, stories, peace });
  return { ...lists, truncated };
}
export type Reflections = Awaited<ReturnType<typeof reflectionsOf>>;

/**
 * Everything the read models hold about one member (issue 24), read by his id only: his
 * account, journey answers, reflections, forum posts and replies (anonymous ones too: they
 * are his) and bookings. Other members' words never come in, not even replies to his posts.
 * Null when the account does not exist.
 */
export async function memberExport(
  em: EntityManager,
  sources: MemberDataSources,
  userId: string,
  now: Date,
): Promise<MemberExport | null> {
  const account = await sources.account(em, userId);
  if (!account) return null;
  const [reflections, forumPosts, forumReplies, bookings, activities] = await Promise.all([
    reflectionsOf(em, sources, userId),
    sources.forumPosts(em, userId, ALL_TIME, LIMITED),
    sources.forumReplies(em, userId, ALL_TIME, LIMITED),
    sources.bookings(em, userId, ALL_TIME, LIMITED),
    sources.activities(em, userId, ALL_TIME, LIMITED),
  ]);
  const { lists, truncated } = limitedLists({ forumPosts, forumReplies, bookings, activities });
  return {
    exportedAt: now.toISOString(),
    ...account,
    journal: reflections.journal,
    stories: reflections.stories,
    peace: reflections.peace,
    ...lists,
    truncated: [...reflections.truncated, ...truncated],
  };
}
