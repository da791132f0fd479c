import {
  ContentReported,
  ForumCategoryCreated,
  PostCreated,
  PostHeldForReview,
  PostHidden,
  PostPinned,
  PostRestored,
  PostUnpinned,
  ReplyAdded,
  ReplyHidden,
  ReplyRestored,
  ReportDismissed,
} from '@reflections/contracts/forum';
import { ReactionGiven, ReactionWithdrawn } from '@reflections/contracts/forum-reactions';
import { PostDeleted, PostEdited, ReplyDeleted, ReplyEdited } from '@reflections/contracts/forum-edits';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import { dataOf } from '../projection-engine/event-data';
import type * as Rows from './forum-rows';

/** The rows as the projection holds them: timestamps as ISO strings in UTC. */
type PostRow = Rows.PostRow<string>;
type ReplyRow = Rows.ReplyRow<string>;
type ReportRow = Rows.ReportRow<string>;

/** A row of forum_categories, as ForumCategoryCreated makes it. */
export type CategoryRow = {
  id: number;
  board: string;
  key: string;
  name: string;
  slug: string;
  description: string;
  color: string;
  icon: string;
  sort_order: number;
  is_active: boolean;
  created_at: string;
};

/** A row of forum_reactions. */
export type ReactionRow = {
  target_id: string;
  post_id: string;
  kind: string;
  member_id: string;
  is_anonymous: boolean;
  reacted_at: string;
};

/**
 * What a batch does to one member's reaction of one kind on one target: the stored row
 * deleted first (a withdrawal), then this row inserted unless one is stored (a reaction
 * given again keeps its first time), as the events one by one would leave it.
 */
export type ReactionChange = {
  key: Pick<ReactionRow, 'target_id' | 'kind' | 'member_id'>;
  deleteStored: boolean;
  insert: ReactionRow | null;
};

/**
 * The rows one batch reads and changes, held in memory: loaded once before the handlers,
 * written once after them. What they end as is what one statement per event would leave.
 */
export type ForumRows = {
  readonly posts: Map<string, PostRow>;
  readonly replies: Map<string, ReplyRow>;
  readonly reports: Map<string, ReportRow>;
  readonly changed: { readonly posts: Set<string>; readonly replies: Set<string>; readonly reports: Set<string> };
  /** Categories created in the batch: a category created again keeps its first definition. */
  readonly categories: Map<number, CategoryRow>;
  readonly reactions: Map<string, ReactionChange>;
};

export const emptyForumRows = (): ForumRows => ({
  posts: new Map(),
  replies: new Map(),
  reports: new Map(),
  changed: { posts: new Set(), replies: new Set(), reports: new Set() },
  categories: new Map(),
  reactions: new Map(),
});

/** Which rows a batch needs before its handlers run. */
export type ForumKeys = {
  /** Posts named by any event. */
  readonly posts: string[];
  /** Replies named by any event. */
  readonly replies: string[];
  /** Posts whose visible replies are counted again (a reply hidden or restored): all their replies. */
  readonly recountedPosts: string[];
  /** Reports named by any event. */
  readonly reports: string[];
  /** Posts where hiding actions the open reports: all their open reports. */
  readonly moderatedPosts: string[];
};

export function forumKeysOf(events: readonly RecordedEvent[]): ForumKeys {
  const keys = {
    posts: new Set<string>(),
    replies: new Set<string>(),
    recountedPosts: new Set<string>(),
    reports: new Set<string>(),
    moderatedPosts: new Set<string>(),
  };
  for (const event of events) {
    const data = event.data as { postId?: string; replyId?: string | null; reportId?: string };
    if (data.postId) keys.posts.add(data.postId);
    if (data.replyId) keys.replies.add(data.replyId);
    if (data.reportId) keys.reports.add(data.reportId);
    if (data.postId && (event.type === 'ReplyHidden' || event.type === 'ReplyRestored'))
      keys.recountedPosts.add(data.postId);
    if (data.postId && (event.type === 'PostHidden' || event.type === 'PostRestored' || event.type === 'ReplyHidden'))
      keys.moderatedPosts.add(data.postId);
  }
  return {
    posts: [...keys.posts],
    replies: [...keys.replies],
    recountedPosts: [...keys.recountedPosts],
    reports: [...keys.reports],
    moderatedPosts: [...keys.moderatedPosts],
  };
}

function changePost(rows: ForumRows, id: string, change: (post: PostRow) => void): void {
  const post = rows.posts.get(id);
  if (!post) return;
  change(post);
  rows.changed.posts.add(id);
}

/** Reply count and last reply from the visible replies; an anonymous last reply leaves no user id. */
function recountReplies(rows: ForumRows, postId: string, at: string): void {
  let count = 0;
  let last: ReplyRow | null = null;
  // forEach, not for…of: every recount walks all the batch's replies, and the iterator's
  // result objects were an eighth of what a rebuild allocated.
  rows.replies.forEach((reply) => {
    if (reply.post_id !== postId || reply.is_hidden) return;
    count += 1;
    if (!last || reply.created_at > last.created_at || (reply.created_at === last.created_at && reply.id > last.id))
      last = reply;
  });
  changePost(rows, postId, (post) => {
    post.reply_count = count;
    post.last_reply_at = last?.created_at ?? null;
    post.last_reply_user_id = last && !last.is_anonymous ? last.author_id : null;
    post.updated_at = at;
  });
}

/** Hiding content actions the reports still open on it; restoring a post held by reports dismisses them. */
function resolveReports(
  rows: ForumRows,
  postId: string,
  replyId: string | null,
  at: string,
  status: 'actioned' | 'dismissed',
): void {
  for (const report of rows.reports.values()) {
    if (report.post_id !== postId || report.reply_id !== replyId || report.status !== 'open') continue;
    report.status = status;
    report.resolved_at = at;
    rows.changed.reports.add(report.id);
  }
}

function changeReply(rows: ForumRows, id: string, change: (reply: ReplyRow) => void): void {
  const reply = rows.replies.get(id);
  if (!reply) return;
  change(reply);
  rows.changed.replies.add(id);
}

const setReplyHidden = (rows: ForumRows, replyId: string, hidden: boolean) =>
  changeReply(rows, replyId, (reply) => void (reply.is_hidden = hidden));

/** The event types applyForumEvent reads. */
export const FORUM_ROW_EVENTS = [
  'ForumCategoryCreated',
  'ReactionGiven',
  'ReactionWithdrawn',
  'PostCreated',
  'ReplyAdded',
  'PostPinned',
  'PostUnpinned',
  'PostHidden',
  'PostRestored',
  'PostHeldForReview',
  'ReplyHidden',
  'ReplyRestored',
  'ContentReported',
  'ReportDismissed',
  'PostEdited',
  'PostDeleted',
  'ReplyEdited',
  'ReplyDeleted',
] as const;

const reactionKey = (key: ReactionChange['key']) => `${key.target_id}\u0000${key.kind}\u0000${key.member_id}`;

/** Applies one forum event to the batch's rows. */
export function applyForumEvent(rows: ForumRows, event: RecordedEvent): void {
  switch (event.type) {
    case 'ForumCategoryCreated': {
      const c = dataOf(ForumCategoryCreated, event);
      if (rows.categories.has(c.categoryId)) return;
      rows.categories.set(c.categoryId, {
        id: c.categoryId,
        board: c.board,
        key: c.key,
        name: c.name,
        slug: c.slug,
        description: c.description,
        color: c.color,
        icon: c.icon,
        sort_order: c.sortOrder,
        is_active: c.isActive,
        created_at: c.createdAt,
      });
      return;
    }
    case 'ReactionGiven': {
      const r = dataOf(ReactionGiven, event);
      const target = r.replyId ?? r.postId;
      const key = { target_id: target, kind: r.kind, member_id: r.memberId };
      const change = rows.reactions.get(reactionKey(key)) ?? { key, deleteStored: false, insert: null };
      change.insert ??= {
        target_id: target,
        post_id: r.postId,
        kind: r.kind,
        member_id: r.memberId,
        is_anonymous: r.isAnonymous,
        reacted_at: r.at,
      };
      rows.reactions.set(reactionKey(key), change);
      return;
    }
    case 'ReactionWithdrawn': {
      const r = dataOf(ReactionWithdrawn, event);
      const key = { target_id: r.replyId ?? r.postId, kind: r.kind, member_id: r.memberId };
      rows.reactions.set(reactionKey(key), { key, deleteStored: true, insert: null });
      return;
    }
    case 'PostCreated': {
      const p = dataOf(PostCreated, event);
      if (rows.posts.has(p.postId)) return;
      rows.posts.set(p.postId, {
        id: p.postId,
        board: p.board,
        category_id: p.categoryId,
        category_key: p.category,
        title: p.title,
        content: p.content,
        is_anonymous: p.isAnonymous,
        author_id: p.authorId,
        is_pinned: false,
        is_hidden: false,
        held_for_review: false,
        reply_count: 0,
        last_reply_at: null,
        last_reply_user_id: null,
        created_at: p.createdAt,
        updated_at: p.createdAt,
        edited_at: null,
        deleted_at: null,
      });
      rows.changed.posts.add(p.postId);
      return;
    }
    case 'ReplyAdded': {
      const r = dataOf(ReplyAdded, event);
      if (!rows.replies.has(r.replyId)) {
        rows.replies.set(r.replyId, {
          id: r.replyId,
          post_id: r.postId,
          content: r.content,
          is_anonymous: r.isAnonymous,
          author_id: r.authorId,
          is_hidden: false,
          created_at: r.createdAt,
          edited_at: null,
          deleted_at: null,
        });
        rows.changed.replies.add(r.replyId);
      }
      changePost(rows, r.postId, (post) => {
        post.reply_count += 1;
        post.last_reply_at = r.createdAt;
        post.last_reply_user_id = r.isAnonymous ? null : r.authorId;
        post.updated_at = r.createdAt;
      });
      return;
    }
    case 'PostPinned':
      return changePost(rows, dataOf(PostPinned, event).postId, (post) => void (post.is_pinned = true));
    case 'PostUnpinned':
      return changePost(rows, dataOf(PostUnpinned, event).postId, (post) => void (post.is_pinned = false));
    case 'PostHidden': {
      const d = dataOf(PostHidden, event);
      changePost(rows, d.postId, (post) => Object.assign(post, { is_hidden: true, held_for_review: false }));
      return resolveReports(rows, d.postId, null, d.at, 'actioned');
    }
    case 'PostRestored': {
      const d = dataOf(PostRestored, event);
      const held = rows.posts.get(d.postId)?.held_for_review === true;
      changePost(rows, d.postId, (post) => Object.assign(post, { is_hidden: false, held_for_review: false }));
      return held ? resolveReports(rows, d.postId, null, d.at, 'dismissed') : undefined;
    }
    case 'PostHeldForReview':
      return changePost(rows, dataOf(PostHeldForReview, event).postId, (post) =>
        Object.assign(post, { is_hidden: true, held_for_review: true }),
      );
    case 'ReplyHidden': {
      const d = dataOf(ReplyHidden, event);
      setReplyHidden(rows, d.replyId, true);
      recountReplies(rows, d.postId, d.at);
      return resolveReports(rows, d.postId, d.replyId, d.at, 'actioned');
    }
    case 'ReplyRestored': {
      const d = dataOf(ReplyRestored, event);
      setReplyHidden(rows, d.replyId, false);
      return recountReplies(rows, d.postId, d.at);
    }
    case 'ContentReported': {
      const d = dataOf(ContentReported, event);
      if (rows.reports.has(d.reportId)) return;
      rows.reports.set(d.reportId, {
        id: d.reportId,
        post_id: d.postId,
        reply_id: d.replyId,
        reason: d.reason,
        reporter_id: d.reporterId,
        status: 'open',
        reported_at: d.reportedAt,
        resolved_at: null,
      });
      rows.changed.reports.add(d.reportId);
      return;
    }
    case 'PostEdited': {
      const d = dataOf(PostEdited, event);
      return changePost(rows, d.postId, (post) =>
        Object.assign(post, { title: d.title, content: d.content, edited_at: d.at }),
      );
    }
    case 'PostDeleted': {
      const d = dataOf(PostDeleted, event);
      return changePost(rows, d.postId, (post) => void (post.deleted_at = d.at));
    }
    case 'ReplyEdited': {
      const d = dataOf(ReplyEdited, event);
      return changeReply(rows, d.replyId, (reply) => Object.assign(reply, { content: d.content, edited_at: d.at }));
    }
    case 'ReplyDeleted': {
      const d = dataOf(ReplyDeleted, event);
      return changeReply(rows, d.replyId, (reply) => void (reply.deleted_at = d.at));
    }
    case 'ReportDismissed': {
      const d = dataOf(ReportDismissed, event);
      const report = rows.reports.get(d.reportId);
      if (!report || report.status !== 'open') return;
      report.status = 'dismissed';
      report.resolved_at = d.at;
      rows.changed.reports.add(d.reportId);
      return;
    }
  }
}
