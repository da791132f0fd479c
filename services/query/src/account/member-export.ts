import type { EntityManager } from '@mikro-orm/postgresql';
import { EXPORT_ROW_LIMIT, type MemberExport } from '@reflections/contracts/account';
import { Booking } from '../admin/booking.entity';
import { UserAccount } from '../auth/user-account.entity';
import { JournalEntry } from '../journal/journal-entry.entity';
import { MemberActivity } from '../member/member-activity.entity';
import { PeaceAnswer } from '../peace/peace-answer.entity';
import { StorySessionRow } from '../story/story-session.entity';

/** Both ends of a time range, the end excluded; null: no bound. */
export type TimeRange = { readonly from: Date | null; readonly until: Date | null };
const ALL_TIME: TimeRange = { from: null, until: null };

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const within = (range: TimeRange) => ({
  ...(range.from ? { $gte: range.from } : {}),
  ...(range.until ? { $lt: range.until } : {}),
});

/** One list of an export: at most EXPORT_ROW_LIMIT rows (one more is asked for, to know that there were more). */
const limited = { limit: EXPORT_ROW_LIMIT + 1 } as const;

/** The reflections a member wrote (journal with RAI's replies, stories, P.E.A.C.E.), newest first, within a time range. */
export async function reflectionsOf(em: EntityManager, userId: string, range: TimeRange = ALL_TIME) {
  const when = within(range);
  const [journal, stories, peace] = await Promise.all([
    em.find(
      JournalEntry,
      { userId, ...(Object.keys(when).length ? { createdAt: when } : {}) },
      { orderBy: { createdAt: 'desc', id: 'asc' }, ...limited },
    ),
    em.find(
      StorySessionRow,
      { userId, ...(Object.keys(when).length ? { startedAt: when } : {}) },
      { orderBy: { startedAt: 'desc', id: 'asc' }, ...limited },
    ),
    em.find(
      PeaceAnswer,
      { userId, ...(Object.keys(when).length ? { recordedAt: when } : {}) },
      { orderBy: { recordedAt: 'desc', id: 'asc' }, ...limited },
    ),
  ]);
  const truncated = Object.entries({ journal, stories, peace })
    .filter(([, rows]) => rows.length > EXPORT_ROW_LIMIT)
    .map(([name]) => name);
  return {
    journal: journal.slice(0, EXPORT_ROW_LIMIT).map((entry) => ({
      id: entry.id,
      source: entry.source,
      writtenAt: iso(entry.createdAt),
      prompt: entry.prompt,
      text: entry.userResponse,
      chosenMood: entry.chosenMood,
      raiReply: entry.aiGuidance,
      raiMood: entry.detectedMood,
      crisisResourcesShown: entry.crisis,
    })),
    stories: stories.slice(0, EXPORT_ROW_LIMIT).map((story) => ({
      id: story.id,
      status: story.status,
      startedAt: iso(story.startedAt),
      completedAt: isoOrNull(story.completedAt),
      prompts: story.prompts,
      answers: story.responses,
      story: story.storyText,
    })),
    peace: peace.slice(0, EXPORT_ROW_LIMIT).map((answer) => ({
      id: answer.id,
      section: answer.section,
      prompt: answer.prompt,
      answer: answer.response,
      answeredAt: iso(answer.recordedAt),
    })),
    truncated,
  };
}
export type Reflections = Awaited<ReturnType<typeof reflectionsOf>>;

type PostRow = {
  id: string;
  board: string;
  category_key: string;
  title: string;
  content: string;
  is_anonymous: boolean;
  is_hidden: boolean;
  created_at: string;
};
type ReplyRow = {
  id: string;
  post_id: string;
  content: string;
  is_anonymous: boolean;
  is_hidden: boolean;
  created_at: string;
};

/**
 * Everything the read models hold about one member (issue 24), read by his id only: his
 * account, journey answers, reflections, forum posts and replies (anonymous ones too: they
 * are his) and bookings. Other members' words never come in, not even replies to his posts.
 * Null when the account does not exist.
 */
export async function memberExport(em: EntityManager, userId: string, now: Date): Promise<MemberExport | null> {
  const account = await em.findOne(UserAccount, { id: userId });
  if (!account) return null;
  const [reflections, posts, replies, bookings, activities] = await Promise.all([
    reflectionsOf(em, userId),
    em.execute<PostRow[]>(
      `SELECT id, board, category_key, title, content, is_anonymous, is_hidden, to_json(created_at) #>> '{}' AS created_at
         FROM forum_posts WHERE author_id = ? ORDER BY created_at DESC, id LIMIT ?`,
      [userId, EXPORT_ROW_LIMIT + 1],
    ),
    em.execute<ReplyRow[]>(
      `SELECT id, post_id, content, is_anonymous, is_hidden, to_json(created_at) #>> '{}' AS created_at
         FROM forum_replies WHERE author_id = ? ORDER BY created_at DESC, id LIMIT ?`,
      [userId, EXPORT_ROW_LIMIT + 1],
    ),
    em.find(Booking, { userId }, { orderBy: { scheduledAt: 'desc', id: 'asc' }, ...limited }),
    em.find(MemberActivity, { userId }, { orderBy: { at: 'desc', id: 'asc' }, ...limited }),
  ]);
  const more = Object.entries({ forumPosts: posts, forumReplies: replies, bookings, activities })
    .filter(([, rows]) => rows.length > EXPORT_ROW_LIMIT)
    .map(([name]) => name);
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: account.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      role: account.role,
      membershipType: account.membershipType,
      archetype: account.archetype,
      registeredAt: iso(account.createdAt),
      lastLoginAt: isoOrNull(account.lastLoginAt),
      loginCount: account.loginCount,
    },
    journeyAnswers: account.answers,
    journal: reflections.journal,
    stories: reflections.stories,
    peace: reflections.peace,
    forumPosts: posts.slice(0, EXPORT_ROW_LIMIT).map((post) => ({
      id: post.id,
      board: post.board,
      category: post.category_key,
      title: post.title,
      content: post.content,
      anonymous: post.is_anonymous,
      hidden: post.is_hidden,
      postedAt: iso(post.created_at),
    })),
    forumReplies: replies.slice(0, EXPORT_ROW_LIMIT).map((reply) => ({
      id: reply.id,
      postId: reply.post_id,
      content: reply.content,
      anonymous: reply.is_anonymous,
      hidden: reply.is_hidden,
      repliedAt: iso(reply.created_at),
    })),
    bookings: bookings.slice(0, EXPORT_ROW_LIMIT).map((booking) => ({
      id: booking.id,
      sessionTitle: booking.sessionTitle,
      serviceType: booking.serviceType,
      scheduledAt: iso(booking.scheduledAt),
      status: booking.status,
      bookedAt: iso(booking.bookedAt),
    })),
    activities: activities
      .slice(0, EXPORT_ROW_LIMIT)
      .map((activity) => ({ id: activity.id, kind: activity.kind, summary: activity.summary, at: iso(activity.at) })),
    truncated: [...reflections.truncated, ...more],
  };
}
