import { ARCHETYPES, type ArchetypeId } from '@reflections/contracts/archetypes';
import type { ForumPostView, ForumReplyView, ModerationReportView } from '@reflections/contracts/forum';
import type {
  AuthorColumns,
  PostRow,
  PostWithAuthor,
  ReplyWithAuthor,
  ReportWithContent,
  Timestamp,
} from './forum-rows';

export const iso = (value: Timestamp) => new Date(value).toISOString();
const isoOrNull = (value: Timestamp | null) => (value === null ? null : iso(value));

const HOUR_MS = 3_600_000;
/**
 * The time of something anonymous, to the hour: to the millisecond it would tie the item to
 * a named post its author made the same second (issue 24). Its author sees his own exactly.
 */
export const shownTime = (value: Timestamp, anonymous: boolean) =>
  anonymous ? new Date(Math.floor(new Date(value).getTime() / HOUR_MS) * HOUR_MS).toISOString() : iso(value);

/** Who is asking: anonymity and hidden content are decided from this, on the server, for every answer. */
export type Viewer = { userId: string | null; isAdmin: boolean };

type Author = Pick<PostRow, 'author_id' | 'is_anonymous'> & AuthorColumns;

const NO_AUTHOR = { userId: null, firstName: null, lastName: null, archetype: null };

const archetypeLabel = (archetype: string | null) =>
  archetype && archetype in ARCHETYPES ? ARCHETYPES[archetype as ArchetypeId].title : null;

/**
 * The only place an author's identity leaves the read model. An anonymous author is
 * null in every field for everyone, their own view included (they get isOwn instead).
 */
function authorOf(row: Author) {
  if (row.is_anonymous || row.first_name === null)
    return { userId: null, firstName: null, lastName: null, archetype: null };
  return {
    userId: row.author_id,
    firstName: row.first_name,
    lastName: row.last_name ?? '',
    archetype: archetypeLabel(row.archetype),
  };
}

export function toPostView(row: PostWithAuthor, viewer: Viewer): ForumPostView {
  const deleted = row.deleted_at !== null;
  // A deleted post keeps its place for its replies, and nothing of its words or its author.
  const author = deleted ? NO_AUTHOR : authorOf(row);
  const anonymous = row.is_anonymous && viewer.userId !== row.author_id;
  // The post's last activity is an anonymous reply's time when that reply left no user id.
  const anonymousLastReply = row.reply_count > 0 && row.last_reply_user_id === null;
  return {
    id: row.id,
    board: row.board,
    userId: author.userId,
    categoryId: row.category_id,
    category: row.category_key,
    title: deleted ? '' : row.title,
    content: deleted ? '' : row.content,
    isAnonymous: row.is_anonymous,
    isPinned: row.is_pinned,
    isHidden: row.is_hidden,
    isOwn: viewer.userId === row.author_id,
    awaitingReview: row.held_for_review,
    editedAt: row.edited_at === null ? null : shownTime(row.edited_at, anonymous),
    isDeleted: deleted,
    replyCount: row.reply_count,
    lastReplyAt: row.last_reply_at === null ? null : shownTime(row.last_reply_at, anonymousLastReply),
    lastReplyUserId: row.last_reply_user_id,
    createdAt: shownTime(row.created_at, anonymous),
    updatedAt: shownTime(row.updated_at, anonymous || anonymousLastReply),
    userName: author.firstName,
    user: author.firstName === null ? null : { firstName: author.firstName, lastName: author.lastName ?? '' },
    userArchetype: author.archetype,
  };
}

export function toReplyView(row: ReplyWithAuthor, viewer: Viewer): ForumReplyView {
  const deleted = row.deleted_at !== null;
  const author = deleted ? NO_AUTHOR : authorOf(row);
  const anonymous = row.is_anonymous && viewer.userId !== row.author_id;
  return {
    id: row.id,
    postId: row.post_id,
    userId: author.userId,
    content: deleted ? '' : row.content,
    isAnonymous: row.is_anonymous,
    isHidden: row.is_hidden,
    isOwn: viewer.userId === row.author_id,
    editedAt: row.edited_at === null ? null : shownTime(row.edited_at, anonymous),
    isDeleted: deleted,
    userName: author.firstName,
    user: author.firstName === null ? null : { firstName: author.firstName },
    userArchetype: author.archetype,
    createdAt: shownTime(row.created_at, anonymous),
  };
}

export function toReportView(row: ReportWithContent): ModerationReportView {
  const author = authorOf(row);
  return {
    reportId: row.id,
    postId: row.post_id,
    replyId: row.reply_id,
    reason: row.reason,
    status: row.status,
    reportedAt: iso(row.reported_at),
    resolvedAt: isoOrNull(row.resolved_at),
    board: row.board,
    postTitle: row.title,
    content: row.content,
    contentHidden: row.content_hidden,
    isAnonymous: row.is_anonymous,
    authorId: author.userId,
    authorName: author.firstName ?? 'Anonymous',
  };
}
