import type { EntityManager } from '@mikro-orm/postgresql';
import type { MemberExport } from '@reflections/contracts/account';
import { isoString, type MemberRows } from '../plumbing/member-rows';

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

/** His rows of one forum table (author_id is his id, anonymous or not), newest first. */
const hisNewest = <Row>(
  em: EntityManager,
  table: 'forum_posts' | 'forum_replies',
  columns: string,
  userId: string,
  limit: number,
) =>
  em.execute<Row[]>(
    `SELECT ${columns}, is_anonymous, is_hidden, to_json(created_at) #>> '{}' AS created_at
       FROM ${table} WHERE author_id = ? ORDER BY created_at DESC, id LIMIT ?`,
    [userId, limit],
  );

/** His forum posts for his export, anonymous and hidden ones too (they are his). */
export const forumPostsForExport: MemberRows<MemberExport['forumPosts'][number]> = async (em, userId, _range, limit) =>
  (await hisNewest<PostRow>(em, 'forum_posts', 'id, board, category_key, title, content', userId, limit)).map(
    (post) => ({
      id: post.id,
      board: post.board,
      category: post.category_key,
      title: post.title,
      content: post.content,
      anonymous: post.is_anonymous,
      hidden: post.is_hidden,
      postedAt: isoString(post.created_at),
    }),
  );

/** His forum replies for his export; never the posts or replies of others around them. */
export const forumRepliesForExport: MemberRows<MemberExport['forumReplies'][number]> = async (
  em,
  userId,
  _range,
  limit,
) =>
  (await hisNewest<ReplyRow>(em, 'forum_replies', 'id, post_id, content', userId, limit)).map((reply) => ({
    id: reply.id,
    postId: reply.post_id,
    content: reply.content,
    anonymous: reply.is_anonymous,
    hidden: reply.is_hidden,
    repliedAt: isoString(reply.created_at),
  }));
