import type { ForumKeys, ForumRows } from './forum-batch';
import type * as Rows from './forum-rows';

type PostRow = Rows.PostRow<string>;
type ReplyRow = Rows.ReplyRow<string>;
type ReportRow = Rows.ReportRow<string>;

/**
 * Rows a rebuild keeps in memory from page to page, so that a page needs nothing from the
 * database: while it is `complete`, it holds the latest version of every post, reply and
 * report the rebuild's committed pages made, so a key not in it has no row. Past this many
 * rows it stops holding any, and the rebuild reads them from the database as live batches
 * do: a replay's memory stays bounded whatever the size of the forum.
 */
export const CARRY_LIMIT = 50_000;

export type ForumCarry = {
  complete: boolean;
  /**
   * Whether the rows it holds are in the fresh tables. Until the last page they are not: each
   * post, reply and report is written once, as the last page left it, all side by side after
   * the last page, rather than by every page that changes it (each reply rewrites its post,
   * and each rewrite recomputes the post's search vector and its index entries) or in a chain
   * of page writes, each waiting for the one before.
   */
  written: boolean;
  readonly limit: number;
  readonly posts: Map<string, PostRow>;
  readonly replies: Map<string, ReplyRow>;
  readonly reports: Map<string, ReportRow>;
};

export const newForumCarry = (limit = CARRY_LIMIT): ForumCarry => ({
  complete: true,
  written: false,
  limit,
  posts: new Map(),
  replies: new Map(),
  reports: new Map(),
});

/** Stops carrying rows for the rest of the rebuild: from the next page on, they are read from the database. */
export function stopCarrying(carry: ForumCarry): void {
  carry.complete = false;
  carry.posts.clear();
  carry.replies.clear();
  carry.reports.clear();
}

/** Whether the carry holds more rows than it may: they are written, and it stops (see `stopCarrying`). */
export const carryIsFull = (carry: ForumCarry): boolean =>
  carry.posts.size + carry.replies.size + carry.reports.size > carry.limit;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
/** A NUL, or half of a surrogate pair alone: PostgreSQL's text takes neither. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isInstant = (value: string) => {
  if (!INSTANT.test(value)) return false;
  const time = Date.parse(value);
  // A day past its month's end (JavaScript rolls it over, PostgreSQL refuses it).
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value.slice(0, 10);
};

const instants = (...values: (string | null)[]) => values.every((instant) => instant === null || isInstant(instant));

/**
 * Whether PostgreSQL surely takes this post as it is. A row the carry holds back is written
 * by the rebuild's last statements, where a row written by its page that the database refuses
 * fails that page, and its event is parked once it is tried alone. So a page that changes a
 * row this cannot vouch for writes the rows held back before it, and the rest of the rebuild
 * reads the database: such a row then fails its own page, as it always did. Stricter than
 * PostgreSQL (one canonical form of uuid and instant): a row it refuses wrongly only costs
 * the rest of the rebuild the database's way.
 */
export function surelyStorable(post: PostRow): boolean {
  return (
    UUID.test(post.id) &&
    UUID.test(post.author_id) &&
    (post.last_reply_user_id === null || UUID.test(post.last_reply_user_id)) &&
    Number.isInteger(post.category_id) &&
    Math.abs(post.category_id) < 2 ** 31 &&
    post.board.length <= 32 &&
    post.category_key.length <= 64 &&
    !UNSTORABLE.test(post.title) &&
    !UNSTORABLE.test(post.content) &&
    instants(post.created_at, post.updated_at, post.last_reply_at, post.edited_at, post.deleted_at)
  );
}

/** `surelyStorable` of a reply. */
export const surelyStorableReply = (reply: ReplyRow): boolean =>
  UUID.test(reply.id) &&
  UUID.test(reply.post_id) &&
  UUID.test(reply.author_id) &&
  !UNSTORABLE.test(reply.content) &&
  instants(reply.created_at, reply.edited_at, reply.deleted_at);

/** `surelyStorable` of a report. */
export const surelyStorableReport = (report: ReportRow): boolean =>
  UUID.test(report.id) &&
  UUID.test(report.post_id) &&
  (report.reply_id === null || UUID.test(report.reply_id)) &&
  UUID.test(report.reporter_id) &&
  report.status.length <= 16 &&
  !UNSTORABLE.test(report.reason) &&
  instants(report.reported_at, report.resolved_at);

/** Whether PostgreSQL surely takes every row the batch changed (see `surelyStorable`). */
export const changesSurelyStorable = (rows: ForumRows): boolean =>
  [...rows.changed.posts].every((id) => surelyStorable(rows.posts.get(id)! as PostRow)) &&
  [...rows.changed.replies].every((id) => surelyStorableReply(rows.replies.get(id)! as ReplyRow)) &&
  [...rows.changed.reports].every((id) => surelyStorableReport(rows.reports.get(id)! as ReportRow));

/** Fills a batch's rows with copies of the carried rows its events name (the handlers change them in place). */
export function giveCarriedRows(carry: ForumCarry, rows: ForumRows, keys: ForumKeys): void {
  const copy = <T extends { id: string }>(from: Map<string, T>, to: Map<string, T>, id: string) => {
    const row = from.get(id);
    if (row && !to.has(id)) to.set(id, { ...row });
  };
  for (const id of keys.posts) copy(carry.posts, rows.posts, id);
  for (const id of keys.replies) copy(carry.replies, rows.replies, id);
  for (const id of keys.reports) copy(carry.reports, rows.reports, id);
  if (keys.recountedPosts.length > 0) {
    const recounted = new Set(keys.recountedPosts);
    for (const reply of carry.replies.values())
      if (recounted.has(reply.post_id)) copy(carry.replies, rows.replies, reply.id);
  }
  if (keys.moderatedPosts.length > 0) {
    const moderated = new Set(keys.moderatedPosts);
    for (const report of carry.reports.values())
      if (report.status === 'open' && moderated.has(report.post_id)) copy(carry.reports, rows.reports, report.id);
  }
}

/** Takes the rows a batch changed as the latest of the rebuild, once its transaction has committed. */
export function carryChangedRows(carry: ForumCarry, rows: ForumRows): void {
  if (!carry.complete) return;
  for (const id of rows.changed.posts) carry.posts.set(id, rows.posts.get(id)!);
  for (const id of rows.changed.replies) carry.replies.set(id, rows.replies.get(id)!);
  for (const id of rows.changed.reports) carry.reports.set(id, rows.reports.get(id)!);
}

/** Rows in no table yet. */
export type UnwrittenRows = {
  readonly posts: Map<string, PostRow>;
  readonly replies: Map<string, ReplyRow>;
  readonly reports: Map<string, ReportRow>;
};

/**
 * The rows that are in no table yet: those the carry holds, with the changes of `pending`
 * (batches of a transaction still running, in their order) over them.
 */
export function unwrittenRows(carry: ForumCarry, pending: readonly ForumRows[]): UnwrittenRows {
  const latest = { posts: new Map(carry.posts), replies: new Map(carry.replies), reports: new Map(carry.reports) };
  for (const rows of pending) {
    for (const id of rows.changed.posts) latest.posts.set(id, rows.posts.get(id)!);
    for (const id of rows.changed.replies) latest.replies.set(id, rows.replies.get(id)!);
    for (const id of rows.changed.reports) latest.reports.set(id, rows.reports.get(id)!);
  }
  return latest;
}
