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

/** Plain SQL: every handler runs in the batch's transaction, in event order. */
export const forumProjection: Projector = {
  name: 'forum',
  tables: ['forum_categories', 'forum_posts', 'forum_replies', 'forum_reports'],
  handlers: {
    ForumCategoryCreated: async (em, event) => {
      const c = dataOf(ForumCategoryCreated, event);
      await run(
        em,
        `INSERT INTO forum_categories (id, board, key, name, slug, description, color, icon, sort_order, is_active, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
        [c.categoryId, c.board, c.key, c.name, c.slug, c.description, c.color, c.icon, c.sortOrder, c.isActive, c.createdAt],
      );
    },
    PostCreated: async (em, event) => {
      const p = dataOf(PostCreated, event);
      await run(
        em,
        `INSERT INTO forum_posts (id, board, category_id, category_key, title, content, is_anonymous, author_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
        [p.postId, p.board, p.categoryId, p.category, p.title, p.content, p.isAnonymous, p.authorId, p.createdAt, p.createdAt],
      );
    },
    ReplyAdded: async (em, event) => {
      const r = dataOf(ReplyAdded, event);
      await run(em, `INSERT INTO forum_replies (id, post_id, content, is_anonymous, author_id, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`, [
        r.replyId,
        r.postId,
        r.content,
        r.isAnonymous,
        r.authorId,
        r.createdAt,
      ]);
      await run(em, `UPDATE forum_posts SET reply_count = reply_count + 1, last_reply_at = ?, last_reply_user_id = ?, updated_at = ? WHERE id = ?`, [
        r.createdAt,
        r.isAnonymous ? null : r.authorId,
        r.createdAt,
        r.postId,
      ]);
    },
    PostPinned: (em, event) => {
      const d = dataOf(PostPinned, event);
      return run(em, 'UPDATE forum_posts SET is_pinned = true WHERE id = ?', [d.postId]);
    },
    PostUnpinned: (em, event) => {
      const d = dataOf(PostUnpinned, event);
      return run(em, 'UPDATE forum_posts SET is_pinned = false WHERE id = ?', [d.postId]);
    },
    PostHidden: async (em, event) => {
      const d = dataOf(PostHidden, event);
      await run(em, 'UPDATE forum_posts SET is_hidden = true WHERE id = ?', [d.postId]);
      await actionReports(em, d.postId, null, d.at);
    },
    PostRestored: (em, event) => {
      const d = dataOf(PostRestored, event);
      return run(em, 'UPDATE forum_posts SET is_hidden = false WHERE id = ?', [d.postId]);
    },
    ReplyHidden: async (em, event) => {
      const d = dataOf(ReplyHidden, event);
      await run(em, 'UPDATE forum_replies SET is_hidden = true WHERE id = ?', [d.replyId]);
      await recountReplies(em, d.postId, d.at);
      await actionReports(em, d.postId, d.replyId, d.at);
    },
    ReplyRestored: async (em, event) => {
      const d = dataOf(ReplyRestored, event);
      await run(em, 'UPDATE forum_replies SET is_hidden = false WHERE id = ?', [d.replyId]);
      await recountReplies(em, d.postId, d.at);
    },
    ContentReported: (em, event) => {
      const d = dataOf(ContentReported, event);
      return run(
        em,
        `INSERT INTO forum_reports (id, post_id, reply_id, reason, reporter_id, status, reported_at) VALUES (?, ?, ?, ?, ?, 'open', ?) ON CONFLICT (id) DO NOTHING`,
        [d.reportId, d.postId, d.replyId, d.reason, d.reporterId, d.reportedAt],
      );
    },
    ReportDismissed: (em, event) => {
      const d = dataOf(ReportDismissed, event);
      return run(em, `UPDATE forum_reports SET status = 'dismissed', resolved_at = ? WHERE id = ? AND status = 'open'`, [d.at, d.reportId]);
    },
  },
};
