import type { EntityManager } from '@mikro-orm/postgresql';
import { PostCreated, PostHeldForReview, PostHidden, PostRestored, ReplyAdded } from '@reflections/contracts/forum';
import { type ForumChangeKind, NotificationsRead } from '@reflections/contracts/forum-notifications';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import { ANY_JSON_UUIDS, boundQuery } from '../projection-engine/bound-query';
import { dataOf } from '../projection-engine/event-data';
import { feedsLive, possiblyStored, recordWritten } from '../projection-engine/rebuild-context';
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
  /** Replies written while their thread was hidden: they never notify, even once it is restored. */
  readonly silentReplies: { reply_id: string; post_id: string }[] = [];
  readonly reads: Read[] = [];
  readonly changes: Change[] = [];

  constructor(readonly feedsLive: (event: RecordedEvent) => boolean) {}

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
  // In a rebuild, only threads an earlier page wrote can be there: most of a page's are its own.
  const postIds = possiblyStored(
    em,
    'forum_notification_threads',
    [...new Set(events.map(postIdOf))].filter((id): id is string => typeof id === 'string'),
  );
  if (postIds.length === 0) return;
  const rows = await boundQuery<Thread>(
    em,
    `SELECT * FROM forum_notification_threads WHERE post_id = ${ANY_JSON_UUIDS}`,
    [JSON.stringify(postIds)],
  );
  for (const row of rows) batch.threads.set(row.post_id, row);
}

async function write(batch: NotificationBatch, em: EntityManager): Promise<void> {
  const json = (rows: unknown[]) => JSON.stringify(rows);
  recordWritten(em, 'forum_notification_threads', batch.changedThreads);
  if (batch.changedThreads.size + batch.silentReplies.length > 0) {
    // A member's notifications are not written: forum-notifications-read-model.ts derives them
    // from the threads he wrote and the replies of forum_replies, so a reply writes nothing
    // here unless its thread is hidden.
    await boundQuery(
      em,
      `WITH silent AS (
         INSERT INTO forum_silent_replies SELECT * FROM json_to_recordset(?::json) AS s(reply_id uuid, post_id uuid) ON CONFLICT DO NOTHING
       )
       INSERT INTO forum_notification_threads SELECT * FROM json_to_recordset(?::json) AS t(post_id uuid, board text, category_id integer, category_key text, author_id uuid, is_hidden boolean)
       ON CONFLICT (post_id) DO UPDATE SET is_hidden = EXCLUDED.is_hidden`,
      [json(batch.silentReplies), json([...batch.changedThreads].map((id) => batch.threads.get(id)!))],
    );
  }
  // "Mark all as read" covers every notification created at or before its time (the contract's
  // NotificationsRead), so a member keeps only the latest such time; one read keeps its reply's id.
  if (batch.reads.length > 0) {
    const upTo = new Map<string, string>();
    const one: { member_id: string; reply_id: string }[] = [];
    for (const read of batch.reads) {
      if (read.notificationId) one.push({ member_id: read.memberId, reply_id: read.notificationId });
      else if (!upTo.has(read.memberId) || Date.parse(upTo.get(read.memberId)!) < Date.parse(read.readAt))
        upTo.set(read.memberId, read.readAt);
    }
    await boundQuery(
      em,
      `WITH upto AS (
         INSERT INTO forum_notifications_read_upto SELECT * FROM json_to_recordset(?::json) AS u(member_id uuid, read_upto timestamptz)
         ON CONFLICT (member_id) DO UPDATE SET read_upto = GREATEST(forum_notifications_read_upto.read_upto, EXCLUDED.read_upto)
       )
       INSERT INTO forum_notification_reads SELECT * FROM json_to_recordset(?::json) AS r(member_id uuid, reply_id uuid) ON CONFLICT DO NOTHING`,
      [json([...upTo].map(([member_id, read_upto]) => ({ member_id, read_upto }))), json(one)],
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
 * Forum notifications (issue 26): a reply notifies the post's author and everyone who replied
 * before, except its own writer, while the post is not hidden. Stored as what they are made of
 * (issue 29): each thread's author, the replies written while it was hidden, and each member's
 * read marks; forum-notifications-read-model.ts joins them with the forum's replies.
 * Also the live boards' feed of recent changes, which names posts and kinds of change and
 * nobody who made them.
 */
export const forumNotificationsProjection = readModelProjection({
  name: READ_MODELS.forumNotifications,
  tables: [
    'forum_notification_threads',
    'forum_silent_replies',
    'forum_notification_reads',
    'forum_notifications_read_upto',
    'forum_live_changes',
  ],
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
      changed('posted')(batch, event);
    },
    ReplyAdded: (batch, event) => {
      const r = dataOf(ReplyAdded, event);
      if (batch.threads.get(r.postId)?.is_hidden) batch.silentReplies.push({ reply_id: r.replyId, post_id: r.postId });
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
