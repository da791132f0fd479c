import * as t from 'io-ts';

/**
 * A member's own changes to what he wrote (issue 26), on the post's stream. `authorId` is who
 * changed it (always the author: the decider refuses anyone else); like PostCreated's, it
 * never reaches an answer.
 */
export const PostEdited = t.type({
  type: t.literal('PostEdited'),
  data: t.type({ postId: t.string, title: t.string, content: t.string, authorId: t.string, at: t.string }),
});
export type PostEdited = t.TypeOf<typeof PostEdited>;

/** The post reads "Deleted by its author" where it stood; its replies stay. */
export const PostDeleted = t.type({
  type: t.literal('PostDeleted'),
  data: t.type({ postId: t.string, authorId: t.string, at: t.string }),
});
export type PostDeleted = t.TypeOf<typeof PostDeleted>;

export const ReplyEdited = t.type({
  type: t.literal('ReplyEdited'),
  data: t.type({ postId: t.string, replyId: t.string, content: t.string, authorId: t.string, at: t.string }),
});
export type ReplyEdited = t.TypeOf<typeof ReplyEdited>;

export const ReplyDeleted = t.type({
  type: t.literal('ReplyDeleted'),
  data: t.type({ postId: t.string, replyId: t.string, authorId: t.string, at: t.string }),
});
export type ReplyDeleted = t.TypeOf<typeof ReplyDeleted>;

export const DELETED_BY_AUTHOR = 'Deleted by its author';
