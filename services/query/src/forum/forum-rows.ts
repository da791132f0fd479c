import type { ForumBoard, ReportStatus } from '@reflections/contracts/forum';

/**
 * The forum's read-model rows, declared once: the projection writes them (with timestamps as
 * ISO strings in UTC) and the read routes select them (raw SQL answers timestamps as text,
 * MikroORM leaving pg's parsers off; an entity would give Dates).
 */
export type Timestamp = Date | string;

/** A row of forum_posts. `T` is how its timestamps arrive: the projection holds ISO strings. */
export type PostRow<T extends Timestamp = Timestamp> = {
  id: string;
  board: ForumBoard;
  category_id: number;
  category_key: string;
  title: string;
  content: string;
  is_anonymous: boolean;
  author_id: string;
  is_pinned: boolean;
  is_hidden: boolean;
  held_for_review: boolean;
  reply_count: number;
  last_reply_at: T | null;
  last_reply_user_id: string | null;
  created_at: T;
  updated_at: T;
  edited_at: T | null;
  deleted_at: T | null;
};

/** Every column of a post row, in the table's order (the views select them, a rebuild copies them in). */
export const POST_FIELDS = [
  'id',
  'board',
  'category_id',
  'category_key',
  'title',
  'content',
  'is_anonymous',
  'author_id',
  'is_pinned',
  'is_hidden',
  'held_for_review',
  'reply_count',
  'last_reply_at',
  'last_reply_user_id',
  'created_at',
  'updated_at',
  'edited_at',
  'deleted_at',
] as const satisfies readonly (keyof PostRow)[];

/** A row of forum_replies. */
export type ReplyRow<T extends Timestamp = Timestamp> = {
  id: string;
  post_id: string;
  content: string;
  is_anonymous: boolean;
  author_id: string;
  is_hidden: boolean;
  created_at: T;
  edited_at: T | null;
  deleted_at: T | null;
};

/** A row of forum_reports. */
export type ReportRow<T extends Timestamp = Timestamp> = {
  id: string;
  post_id: string;
  reply_id: string | null;
  reason: string;
  reporter_id: string;
  status: ReportStatus;
  reported_at: T;
  resolved_at: T | null;
};

/** The author's name and archetype, joined from the member directory by the read routes. */
export type AuthorColumns = {
  first_name: string | null;
  last_name: string | null;
  archetype: string | null;
};

/** A post as the read routes select it: the row and its author. */
export type PostWithAuthor = PostRow & AuthorColumns;

/** A reply as the read routes select it: the row and its author. */
export type ReplyWithAuthor = ReplyRow & AuthorColumns;

/** A report as the moderation queue selects it: the report, the content reported and its author. */
export type ReportWithContent = Omit<ReportRow, 'reporter_id'> &
  Pick<PostRow, 'board' | 'title' | 'is_anonymous' | 'author_id'> &
  AuthorColumns & { content: string; content_hidden: boolean };
