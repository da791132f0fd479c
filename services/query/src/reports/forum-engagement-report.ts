import { READ_MODELS } from '@reflections/contracts/admin';
import { PostCreated, ReplyAdded } from '@reflections/contracts/forum';
import { dataOf } from '../projection-engine/event-data';
import type { Report } from './report';
import { weekOf } from './week';

/**
 * Forum engagement: posts, replies and the number of different people taking part, by
 * board, category and week. A reply counts in its post's board and category. Authors are
 * only ever counted, never shown, so anonymous posts stay anonymous.
 */
export const forumEngagementReport: Report = {
  name: READ_MODELS.forumEngagement,
  title: 'Forum engagement',
  description:
    'Posts, replies and participants per week, by board and category. Replies count where their post lives; authors are counted, never named, and fewer than 5 participants read "fewer than 5".',
  tables: {
    report_forum_posts: {
      columns: { post_id: 'text', board: 'text', category: 'text', week: 'date', author_id: 'text' },
      key: ['post_id'],
      combine: 'latest',
    },
    report_forum_replies: {
      columns: { reply_id: 'text', post_id: 'text', week: 'date', author_id: 'text' },
      key: ['reply_id'],
      combine: 'latest',
    },
  },
  handlers: {
    PostCreated: (rows, event) => {
      const post = dataOf(PostCreated, event);
      rows.add('report_forum_posts', {
        post_id: post.postId,
        board: post.board,
        category: post.category,
        week: weekOf(post.createdAt),
        author_id: post.authorId,
      });
    },
    ReplyAdded: (rows, event) => {
      const reply = dataOf(ReplyAdded, event);
      rows.add('report_forum_replies', {
        reply_id: reply.replyId,
        post_id: reply.postId,
        week: weekOf(reply.createdAt),
        author_id: reply.authorId,
      });
    },
  },
  view: {
    sql: `WITH activity AS (
            SELECT board, category, week, 1 AS posts, 0 AS replies, author_id FROM report_forum_posts
            UNION ALL
            SELECT p.board, p.category, r.week, 0, 1, r.author_id FROM report_forum_replies r JOIN report_forum_posts p USING (post_id))
          SELECT week::text AS week, board, category, sum(posts)::int AS posts, sum(replies)::int AS replies,
                 (sum(posts) + sum(replies))::int AS interactions, count(DISTINCT author_id)::int AS participants
            FROM activity GROUP BY week, board, category ORDER BY week, board, category`,
    columns: [
      { field: 'week', label: 'Week starting' },
      { field: 'board', label: 'Board' },
      { field: 'category', label: 'Category' },
      { field: 'posts', label: 'Posts' },
      { field: 'replies', label: 'Replies' },
      { field: 'interactions', label: 'Posts and replies' },
      { field: 'participants', label: 'Participants' },
    ],
    chart: { kind: 'bar', x: 'week', y: 'interactions', series: 'board' },
  },
  privacy: { peopleCounts: ['participants'] },
};
