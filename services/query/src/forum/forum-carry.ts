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

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
/** A NUL, or half of a surrogate pair alone: PostgreSQL's text takes neither. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Any NUL or surrogate: most text has none, and this is a fraction of `UNSTORABLE`'s cost. */
const SUSPECT = /[\0\uD800-\uDFFF]/;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** The number the two digits at `at` make (the caller has checked they are digits). */
const twoDigits = (value: string, at: number) => (value.charCodeAt(at) - 48) * 10 + value.charCodeAt(at + 1) - 48;
/**
 * An instant PostgreSQL takes: no day past its month's end (JavaScript's Date rolls one
 * over, PostgreSQL refuses it), no year 0, no leap second. Read from the digits' codes:
 * parsing a Date and printing it back cost most of a rebuild's checks, and slicing out each
 * number four times what the codes cost.
 */
const isInstant = (value: string | null) => {
  if (value === null) return true;
  if (!INSTANT.test(value)) return false;
  const year = twoDigits(value, 0) * 100 + twoDigits(value, 2);
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= (month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1]) &&
    twoDigits(value, 11) <= 23 &&
    twoDigits(value, 14) <= 59 &&
    twoDigits(value, 17) <= 59
  );
};
/** Which character codes are hexadecimal digits, either case. */
const HEX = new Uint8Array(128).map((_, code) => (/[0-9a-f]/i.test(String.fromCharCode(code)) ? 1 : 0));
/**
 * A uuid in its canonical form (8-4-4-4-12 hexadecimal digits, either case), read code by
 * code: the same test as a regular expression took twice as long, and a rebuild checks
 * three uuids of every post and reply.
 */
const isUuid = (value: string | null) => {
  if (value === null) return true;
  if (value.length !== 36) return false;
  for (let at = 0; at < 36; at++) {
    const code = value.charCodeAt(at);
    if (at === 8 || at === 13 || at === 18 || at === 23 ? code !== 45 : code > 127 || HEX[code] === 0) return false;
  }
  return true;
};
const isText = (value: string) => !SUSPECT.test(value) || !UNSTORABLE.test(value);

/** What PostgreSQL takes in each column a row of this kind must vouch for (see `surelyStorable`). */
type RulesOf<Row> = Partial<Record<keyof Row, (value: never) => boolean>>;
/** Rules as a list: walking an object's keys with `for … in` for every row cost more than the checks. */
type Rules<Row> = readonly (readonly [keyof Row, (value: unknown) => boolean])[];
const listed = <Row>(rules: RulesOf<Row>): Rules<Row> => Object.entries(rules) as unknown as Rules<Row>;

const POST_RULES = listed<PostRow>({
  id: isUuid,
  author_id: isUuid,
  last_reply_user_id: isUuid,
  category_id: (value: number) => Number.isInteger(value) && Math.abs(value) < 2 ** 31,
  board: (value: string) => value.length <= 32,
  category_key: (value: string) => value.length <= 64,
  title: isText,
  content: isText,
  created_at: isInstant,
  updated_at: isInstant,
  last_reply_at: isInstant,
  edited_at: isInstant,
  deleted_at: isInstant,
});
const REPLY_RULES = listed<ReplyRow>({
  id: isUuid,
  post_id: isUuid,
  author_id: isUuid,
  content: isText,
  created_at: isInstant,
  edited_at: isInstant,
  deleted_at: isInstant,
});
const REPORT_RULES = listed<ReportRow>({
  id: isUuid,
  post_id: isUuid,
  reply_id: isUuid,
  reporter_id: isUuid,
  status: (value: string) => value.length <= 16,
  reason: isText,
  reported_at: isInstant,
  resolved_at: isInstant,
});

/**
 * Whether every column of `row` passes its rule; given the row as the carry vouched for it
 * before, only the columns that differ are checked (a reply changes its post's count and
 * times, not its text).
 */
function passes<Row extends object>(rules: Rules<Row>, row: Row, vouched?: Row): boolean {
  for (const [column, rule] of rules) {
    const value = row[column];
    if (vouched !== undefined && vouched[column] === value) continue;
    if (!rule(value)) return false;
  }
  return true;
}

/**
 * Whether PostgreSQL surely takes this post as it is. A row the carry holds back is written
 * by the rebuild's last statements, where a row written by its page that the database refuses
 * fails that page, and its event is parked once it is tried alone. So a page that changes a
 * row this cannot vouch for writes the rows held back before it, and the rest of the rebuild
 * reads the database: such a row then fails its own page, as it always did. Stricter than
 * PostgreSQL (one canonical form of uuid and instant): a row it refuses wrongly only costs
 * the rest of the rebuild the database's way.
 */
export const surelyStorable = (post: PostRow): boolean => passes(POST_RULES, post);

/** `surelyStorable` of a reply. */
export const surelyStorableReply = (reply: ReplyRow): boolean => passes(REPLY_RULES, reply);

/** `surelyStorable` of a report. */
export const surelyStorableReport = (report: ReportRow): boolean => passes(REPORT_RULES, report);

/** Whether PostgreSQL surely takes every row the batch changed (see `surelyStorable`), the carry's rows vouched for. */
export function changesSurelyStorable(rows: ForumRows, carry: ForumCarry): boolean {
  const all = <Row extends object>(
    rules: Rules<Row>,
    ids: Set<string>,
    changed: Map<string, unknown>,
    held: Map<string, Row>,
  ) => {
    for (const id of ids) if (!passes(rules, changed.get(id) as Row, held.get(id))) return false;
    return true;
  };
  return (
    all(POST_RULES, rows.changed.posts, rows.posts, carry.posts) &&
    all(REPLY_RULES, rows.changed.replies, rows.replies, carry.replies) &&
    all(REPORT_RULES, rows.changed.reports, rows.reports, carry.reports)
  );
}

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
