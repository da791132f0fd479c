import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ContentReported,
  ForumCategoryCreated,
  PostCreated,
  PostHidden,
  PostPinned,
  PostRestored,
  PostUnpinned,
  ReplyAdded,
  ReplyHidden,
  ReplyRestored,
  ReportDismissed,
} from '@reflections/contracts/forum';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import { dataOf } from '../infra/event-data';
import type { Projector } from '../infra/projector';

async function run(em: EntityManager, sql: string, params: unknown[]): Promise<void> {
  await em.execute(sql, params, 'run');
}

/** Reply count and last reply from the visible replies; an anonymous last reply leaves no user id. */
const recountReplies = (em: EntityManager, postId: string, at: string) =>
  run(
    em,
    `UPDATE forum_posts SET
       reply_count = (SELECT count(*) FROM forum_replies r WHERE r.post_id = forum_posts.id AND NOT r.is_hidden),
       last_reply_at = (SELECT max(r.created_at) FROM forum_replies r WHERE r.post_id = forum_posts.id AND NOT r.is_hidden),
       last_reply_user_id = (SELECT CASE WHEN r.is_anonymous THEN NULL ELSE r.author_id END FROM forum_replies r
                             WHERE r.post_id = forum_posts.id AND NOT r.is_hidden ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
       updated_at = ?
     WHERE id = ?`,
    [at, postId],
  );

/** Hiding content actions the reports still open on it. */
const actionReports = (em: EntityManager, postId: string, replyId: string | null, at: string) =>
  run(em, `UPDATE forum_reports SET status = 'actioned', resolved_at = ? WHERE post_id = ? AND reply_id IS NOT DISTINCT FROM ? AND status = 'open'`, [at, postId, replyId]);

type PostRow = { id: string; board: string; category_id: number; category_key: string; title: string; content: string; is_anonymous: boolean; author_id: string; created_at: string };
type ReplyRow = { id: string; post_id: string; content: string; is_anonymous: boolean; author_id: string; created_at: string };
/** New posts and replies of a batch not yet written, in event order. */
type Pending = { posts: PostRow[]; replies: ReplyRow[] };

/** Per batch transaction: a projector may run in several runtimes at once (a rebuild beside the live one). */
const pendingByBatch = new WeakMap<EntityManager, Pending>();

function pendingOf(em: EntityManager): Pending {
  let pending = pendingByBatch.get(em);
  if (!pending) pendingByBatch.set(em, (pending = { posts: [], replies: [] }));
  return pending;
}

/**
 * Writes the batch's new posts, then its new replies, each with one statement, then moves
 * every replied-to post's count and last reply in one more: what one INSERT and one
 * UPDATE per event would leave, since the last reply in event order is the post's last.
 */
async function writePending(em: EntityManager): Promise<void> {
  const pending = pendingByBatch.get(em);
  if (!pending || (pending.posts.length === 0 && pending.replies.length === 0)) return;
  const { posts, replies } = pending;
  pendingByBatch.delete(em);
  if (posts.length > 0) {
    await run(
      em,
      `INSERT INTO forum_posts (id, board, category_id, category_key, title, content, is_anonymous, author_id, created_at, updated_at)
       SELECT id, board, category_id, category_key, title, content, is_anonymous, author_id, created_at, created_at
       FROM jsonb_to_recordset(?::jsonb) AS p(id uuid, board text, category_id integer, category_key text, title text, content text, is_anonymous boolean, author_id uuid, created_at timestamptz)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(posts)],
    );
  }
  if (replies.length === 0) return;
  await run(
    em,
    `INSERT INTO forum_replies (id, post_id, content, is_anonymous, author_id, created_at)
     SELECT id, post_id, content, is_anonymous, author_id, created_at
     FROM jsonb_to_recordset(?::jsonb) AS r(id uuid, post_id uuid, content text, is_anonymous boolean, author_id uuid, created_at timestamptz)
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(replies)],
  );
  const lastByPost = new Map<string, { post_id: string; added: number; at: string; user_id: string | null }>();
  for (const reply of replies) {
    const added = (lastByPost.get(reply.post_id)?.added ?? 0) + 1;
    lastByPost.set(reply.post_id, { post_id: reply.post_id, added, at: reply.created_at, user_id: reply.is_anonymous ? null : reply.author_id });
  }
  await run(
    em,
    `UPDATE forum_posts p SET reply_count = p.reply_count + d.added, last_reply_at = d.at, last_reply_user_id = d.user_id, updated_at = d.at
     FROM jsonb_to_recordset(?::jsonb) AS d(post_id uuid, added integer, at timestamptz, user_id uuid)
     WHERE p.id = d.post_id`,
    [JSON.stringify([...lastByPost.values()])],
  );
}

/**
 * A handler that reads or changes rows written before it: the batch's new posts and
 * replies go in first, so every handler still sees the rows in event order.
 */
const afterPending =
  (handler: (em: EntityManager, event: RecordedEvent) => Promise<void>) =>
  async (em: EntityManager, event: RecordedEvent): Promise<void> => {
    await writePending(em);
    await handler(em, event);
  };

/**
 * Plain SQL, in the batch's transaction. New posts and replies, nearly all of the
 * forum's events, are gathered and written a few statements per batch (writePending);
 * every other event is applied in event order after them.
 */
export const forumProjection: Projector = {
  name: 'forum',
  tables: ['forum_categories', 'forum_posts', 'forum_replies', 'forum_reports'],
  afterBatch: writePending,
  handlers: {
    ForumCategoryCreated: afterPending(async (em, event) => {
      const c = dataOf(ForumCategoryCreated, event);
      await run(
        em,
        `INSERT INTO forum_categories (id, board, key, name, slug, description, color, icon, sort_order, is_active, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
        [c.categoryId, c.board, c.key, c.name, c.slug, c.description, c.color, c.icon, c.sortOrder, c.isActive, c.createdAt],
      );
    }),
    PostCreated: (em, event) => {
      const p = dataOf(PostCreated, event);
      pendingOf(em).posts.push({
        id: p.postId,
        board: p.board,
        category_id: p.categoryId,
        category_key: p.category,
        title: p.title,
        content: p.content,
        is_anonymous: p.isAnonymous,
        author_id: p.authorId,
        created_at: p.createdAt,
      });
    },
    ReplyAdded: (em, event) => {
      const r = dataOf(ReplyAdded, event);
      pendingOf(em).replies.push({ id: r.replyId, post_id: r.postId, content: r.content, is_anonymous: r.isAnonymous, author_id: r.authorId, created_at: r.createdAt });
    },
    PostPinned: afterPending(async (em, event) => {
      const d = dataOf(PostPinned, event);
      return run(em, 'UPDATE forum_posts SET is_pinned = true WHERE id = ?', [d.postId]);
    }),
    PostUnpinned: afterPending(async (em, event) => {
      const d = dataOf(PostUnpinned, event);
      return run(em, 'UPDATE forum_posts SET is_pinned = false WHERE id = ?', [d.postId]);
    }),
    PostHidden: afterPending(async (em, event) => {
      const d = dataOf(PostHidden, event);
      await run(em, 'UPDATE forum_posts SET is_hidden = true WHERE id = ?', [d.postId]);
      await actionReports(em, d.postId, null, d.at);
    }),
    PostRestored: afterPending(async (em, event) => {
      const d = dataOf(PostRestored, event);
      return run(em, 'UPDATE forum_posts SET is_hidden = false WHERE id = ?', [d.postId]);
    }),
    ReplyHidden: afterPending(async (em, event) => {
      const d = dataOf(ReplyHidden, event);
      await run(em, 'UPDATE forum_replies SET is_hidden = true WHERE id = ?', [d.replyId]);
      await recountReplies(em, d.postId, d.at);
      await actionReports(em, d.postId, d.replyId, d.at);
    }),
    ReplyRestored: afterPending(async (em, event) => {
      const d = dataOf(ReplyRestored, event);
      await run(em, 'UPDATE forum_replies SET is_hidden = false WHERE id = ?', [d.replyId]);
      await recountReplies(em, d.postId, d.at);
    }),
    ContentReported: afterPending(async (em, event) => {
      const d = dataOf(ContentReported, event);
      return run(
        em,
        `INSERT INTO forum_reports (id, post_id, reply_id, reason, reporter_id, status, reported_at) VALUES (?, ?, ?, ?, ?, 'open', ?) ON CONFLICT (id) DO NOTHING`,
        [d.reportId, d.postId, d.replyId, d.reason, d.reporterId, d.reportedAt],
      );
    }),
    ReportDismissed: afterPending(async (em, event) => {
      const d = dataOf(ReportDismissed, event);
      return run(em, `UPDATE forum_reports SET status = 'dismissed', resolved_at = ? WHERE id = ? AND status = 'open'`, [d.at, d.reportId]);
    }),
  },
};
