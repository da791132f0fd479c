import type { EntityManager } from '@mikro-orm/postgresql';
import { PostCreated, PostHeldForReview, PostHidden, PostRestored, ReplyAdded } from '@reflections/contracts/forum';
import { type ForumChangeKind, NotificationsRead } from '@reflections/contracts/forum-notifications';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import { ANY_JSON_UUIDS, boundQuery } from '../projection-engine/bound-query';
import { dataOf } from '../projection-engine/event-data';
import { feedsLive, writtenKeys } from '../projection-engine/rebuild-context';
import { type BatchRows, readModelProjection } from '../projection-engine/read-model-projection';
import { READ_MODELS } from '@reflections/contracts/admin';

type Thread = {
  post_id: string;
  board: string;
  category_id: number;
  category_key: string;
  author_id: string;
  is_hidden: boolean;
};
/** A reply to a visible thread, at its step of the batch: it notifies the thread's followers of the steps before it. */
type Reply = {
  reply_id: string;
  post_id: string;
  author_id: string;
  is_anonymous: boolean;
  created_at: string;
  step: number;
};
type Change = {
  position_commit: string;
  position_prepare: string;
  kind: ForumChangeKind;
  board: string;
  category_id: number;
  category_key: string;
  post_id: string;
  at: string;
};
type Read = { memberId: string; notificationId: string | null; readAt: string };

/**
 * The live boards only need changes a browser open now can still be waiting for: older events
 * add none, and changes older than this leave the table. A rebuild carries the live table's
 * rows over instead of writing them again (`liveFeedTables`).
 */
const LIVE_CHANGE_MS = 10 * 60_000;

/** What one batch reads and writes, in its transaction. */
class NotificationBatch implements BatchRows {
  readonly threads = new Map<string, Thread>();
  readonly changedThreads = new Set<string>();
  readonly followers = new Map<string, Set<string>>();
  /** Followers this batch adds, each at the step of the event that made it follow. */
  readonly newFollowers: { post_id: string; member_id: string; step: number }[] = [];
  readonly replies: Reply[] = [];
  /** Orders a batch's follows and replies, so the database can tell who followed a thread before each reply. */
  step = 0;
  readonly reads: Read[] = [];
  readonly changes: Change[] = [];

  constructor(readonly feedsLive: (event: RecordedEvent) => boolean) {}

  follow(postId: string, memberId: string): void {
    const following = this.followers.get(postId) ?? new Set<string>();
    this.followers.set(postId, following);
    if (following.has(memberId)) return;
    following.add(memberId);
    this.newFollowers.push({ post_id: postId, member_id: memberId, step: this.step++ });
  }

  setHidden(postId: string, hidden: boolean): void {
    const thread = this.threads.get(postId);
    if (!thread) return;
    thread.is_hidden = hidden;
    this.changedThreads.add(postId);
  }

  write(em: EntityManager): Promise<void> {
    return write(this, em);
  }
}

const postIdOf = (event: RecordedEvent) => (event.data as { postId?: unknown }).postId;

async function load(batch: NotificationBatch, em: EntityManager, events: readonly RecordedEvent[]): Promise<void> {
  // In a rebuild, only threads an earlier page wrote can be there (their followers with them): most of a page's are its own.
  const written = writtenKeys(em, 'forum_notification_threads');
  const postIds = [...new Set(events.map(postIdOf))].filter(
    (id): id is string => typeof id === 'string' && (!written || written.has(id)),
  );
  if (postIds.length === 0) return;
  const rows = await boundQuery<{ kind: 'thread' | 'follower'; row: Thread & { member_id: string } }>(
    em,
    `SELECT 'thread' AS kind, to_json(t) AS row FROM forum_notification_threads t WHERE t.post_id = ${ANY_JSON_UUIDS}
     UNION ALL SELECT 'follower', to_json(f) FROM forum_thread_followers f WHERE f.post_id = ${ANY_JSON_UUIDS}`,
    [JSON.stringify(postIds), JSON.stringify(postIds)],
  );
  for (const { kind, row } of rows) {
    if (kind === 'thread') batch.threads.set(row.post_id, row);
    else batch.followers.set(row.post_id, (batch.followers.get(row.post_id) ?? new Set()).add(row.member_id));
  }
}

async function write(batch: NotificationBatch, em: EntityManager): Promise<void> {
  const json = (rows: unknown[]) => JSON.stringify(rows);
  const written = writtenKeys(em, 'forum_notification_threads');
  if (written) for (const id of batch.changedThreads) written.add(id);
  if (batch.changedThreads.size + batch.newFollowers.length + batch.replies.length > 0) {
    // The notification rows are derived here rather than sent: a reply notifies every
    // follower its thread had before it (earlier batches' in the table, which this statement
    // sees without its own inserts; this batch's by step), except its own writer. A page of a
    // rebuild sends a few thousand replies instead of tens of thousands of notifications.
    await boundQuery(
      em,
      `WITH new_followers AS MATERIALIZED (
         SELECT * FROM json_to_recordset(?::json) AS f(post_id uuid, member_id uuid, step integer)
       ), replies AS MATERIALIZED (
         SELECT * FROM json_to_recordset(?::json) AS r(reply_id uuid, post_id uuid, author_id uuid, is_anonymous boolean, created_at timestamptz, step integer)
       ), threads AS (
         INSERT INTO forum_notification_threads SELECT * FROM json_to_recordset(?::json) AS t(post_id uuid, board text, category_id integer, category_key text, author_id uuid, is_hidden boolean)
         ON CONFLICT (post_id) DO UPDATE SET is_hidden = EXCLUDED.is_hidden
       ), followers AS (
         INSERT INTO forum_thread_followers SELECT post_id, member_id FROM new_followers ON CONFLICT DO NOTHING
       )
       INSERT INTO forum_notifications (member_id, reply_id, post_id, is_anonymous, created_at)
       SELECT f.member_id, r.reply_id, r.post_id, r.is_anonymous, r.created_at
         FROM replies r JOIN forum_thread_followers f ON f.post_id = r.post_id AND f.member_id <> r.author_id
       UNION ALL
       SELECT f.member_id, r.reply_id, r.post_id, r.is_anonymous, r.created_at
         FROM replies r JOIN new_followers f ON f.post_id = r.post_id AND f.step < r.step AND f.member_id <> r.author_id
       ON CONFLICT DO NOTHING`,
      [
        json(batch.newFollowers),
        json(batch.replies),
        json([...batch.changedThreads].map((id) => batch.threads.get(id)!)),
      ],
    );
  }
  // After the inserts: "mark all as read" covers notifications this same batch created before it.
  // Each unread notification takes the time of the first read in the batch that covers it, as one update per read would.
  if (batch.reads.length > 0) {
    await boundQuery(
      em,
      `UPDATE forum_notifications n SET read_at = first.read_at FROM (
         SELECT DISTINCT ON (u.member_id, u.reply_id) u.member_id, u.reply_id, r.read_at
           FROM json_to_recordset(?::json) AS r(ord integer, member_id uuid, notification_id uuid, read_at timestamptz)
           JOIN forum_notifications u ON u.member_id = r.member_id AND u.read_at IS NULL
            AND CASE WHEN r.notification_id IS NULL THEN u.created_at <= r.read_at ELSE u.reply_id = r.notification_id END
          ORDER BY u.member_id, u.reply_id, r.ord
       ) first
       WHERE n.member_id = first.member_id AND n.reply_id = first.reply_id`,
      [
        json(
          batch.reads.map((read, ord) => ({
            ord,
            member_id: read.memberId,
            notification_id: read.notificationId,
            read_at: read.readAt,
          })),
        ),
      ],
    );
  }
  if (batch.changes.length > 0) {
    await boundQuery(
      em,
      `WITH fresh AS (
         INSERT INTO forum_live_changes SELECT * FROM json_to_recordset(?::json) AS c(position_commit bigint, position_prepare bigint, kind text, board text, category_id integer, category_key text, post_id uuid, at timestamptz)
         ON CONFLICT DO NOTHING
       )
       DELETE FROM forum_live_changes WHERE at < ?::timestamptz`,
      [json(batch.changes), new Date(Date.now() - LIVE_CHANGE_MS).toISOString()],
    );
  }
}

/** Records, for events recent enough that a board open now may want them, which post changed and how. */
function changed(kind: ForumChangeKind) {
  return (batch: NotificationBatch, event: RecordedEvent) => {
    const postId = postIdOf(event);
    const thread = typeof postId === 'string' ? batch.threads.get(postId) : undefined;
    if (!thread || Date.now() - event.createdAt.getTime() > LIVE_CHANGE_MS || !batch.feedsLive(event)) return;
    batch.changes.push({
      position_commit: event.position.commit.toString(),
      position_prepare: event.position.prepare.toString(),
      kind,
      board: thread.board,
      category_id: thread.category_id,
      category_key: thread.category_key,
      post_id: thread.post_id,
      at: event.createdAt.toISOString(),
    });
  };
}

const hidingChange = changed('hidden');
const restoringChange = changed('restored');

/**
 * forum_notifications (issue 26): a reply notifies the post's author and everyone who replied
 * before, except its own writer, while the post is not hidden. Also the live boards' feed of
 * recent changes, which names posts and kinds of change and nobody who made them.
 */
export const forumNotificationsProjection = readModelProjection({
  name: READ_MODELS.forumNotifications,
  tables: ['forum_notification_threads', 'forum_thread_followers', 'forum_notifications', 'forum_live_changes'],
  liveFeedTables: ['forum_live_changes'],
  rows: (em) => new NotificationBatch(feedsLive(em)),
  load,
  handlers: {
    PostCreated: (batch, event) => {
      const p = dataOf(PostCreated, event);
      if (!batch.threads.has(p.postId)) {
        batch.threads.set(p.postId, {
          post_id: p.postId,
          board: p.board,
          category_id: p.categoryId,
          category_key: p.category,
          author_id: p.authorId,
          is_hidden: false,
        });
        batch.changedThreads.add(p.postId);
      }
      batch.follow(p.postId, p.authorId);
      changed('posted')(batch, event);
    },
    ReplyAdded: (batch, event) => {
      const r = dataOf(ReplyAdded, event);
      const thread = batch.threads.get(r.postId);
      if (!thread) return;
      if (!thread.is_hidden)
        batch.replies.push({
          reply_id: r.replyId,
          post_id: r.postId,
          author_id: r.authorId,
          is_anonymous: r.isAnonymous,
          created_at: r.createdAt,
          step: batch.step++,
        });
      batch.follow(r.postId, r.authorId);
      changed('replied')(batch, event);
    },
    PostHidden: (batch, event) => {
      batch.setHidden(dataOf(PostHidden, event).postId, true);
      hidingChange(batch, event);
    },
    PostHeldForReview: (batch, event) => {
      batch.setHidden(dataOf(PostHeldForReview, event).postId, true);
      hidingChange(batch, event);
    },
    PostRestored: (batch, event) => {
      batch.setHidden(dataOf(PostRestored, event).postId, false);
      restoringChange(batch, event);
    },
    ReplyHidden: hidingChange,
    ReplyRestored: restoringChange,
    PostEdited: changed('edited'),
    ReplyEdited: changed('edited'),
    PostDeleted: changed('deleted'),
    ReplyDeleted: changed('deleted'),
    ReactionGiven: changed('reacted'),
    ReactionWithdrawn: changed('reacted'),
    PostPinned: changed('pinned'),
    PostUnpinned: changed('pinned'),
    NotificationsRead: (batch, event) => {
      batch.reads.push(dataOf(NotificationsRead, event));
    },
  },
});
