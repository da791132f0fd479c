import type { ForumKeys, ForumRows } from './forum-batch';
import type * as Rows from './forum-rows';

type PostRow = Rows.PostRow<string>;
type ReplyRow = Rows.ReplyRow<string>;
type ReportRow = Rows.ReportRow<string>;

/**
 * Rows a rebuild keeps in memory from page to page, so that a page needs nothing from the
 * database (whose pages before it may still be being written): while it is `complete`, it
 * holds the latest version of every post, reply and report the rebuild has written or is
 * writing, so a key not in it has no row. Past this many rows it stops holding any, and the
 * rebuild reads them from the database as live batches do: a replay's memory stays bounded
 * whatever the size of the forum.
 */
export const CARRY_LIMIT = 50_000;

export type ForumCarry = {
  complete: boolean;
  /** Grows when rows a page was given may not be what the database will hold (see `dropCarry`). */
  epoch: number;
  readonly posts: Map<string, PostRow>;
  readonly replies: Map<string, ReplyRow>;
  readonly reports: Map<string, ReportRow>;
};

export const newForumCarry = (): ForumCarry => ({
  complete: true,
  epoch: 0,
  posts: new Map(),
  replies: new Map(),
  reports: new Map(),
});

function forget(carry: ForumCarry): void {
  carry.complete = false;
  carry.posts.clear();
  carry.replies.clear();
  carry.reports.clear();
}

/**
 * Stops carrying rows for the rest of the rebuild because what it holds may differ from what
 * the database will: a page's write failed after it handed its rows on (it is tried again
 * from the database), or a member's rows were forgotten with SQL. A page given rows before
 * this is tried again (`givenRowsHold`).
 */
export function dropCarry(carry: ForumCarry): void {
  forget(carry);
  carry.epoch += 1;
}

/**
 * Fills a batch's rows with copies of the carried rows its events name (the handlers change
 * them in place) and answers the epoch they were given at.
 */
export function giveCarriedRows(carry: ForumCarry, rows: ForumRows, keys: ForumKeys): number {
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
  return carry.epoch;
}

/** Whether rows given at `epoch` are still what the pages before left (checked once those are written). */
export const givenRowsHold = (carry: ForumCarry, epoch: number): boolean => carry.epoch === epoch;

/** Takes the rows a batch changed as the latest of the rebuild, once its handlers have run. */
export function carryChangedRows(carry: ForumCarry, rows: ForumRows): void {
  if (!carry.complete) return;
  for (const id of rows.changed.posts) carry.posts.set(id, rows.posts.get(id)!);
  for (const id of rows.changed.replies) carry.replies.set(id, rows.replies.get(id)!);
  for (const id of rows.changed.reports) carry.reports.set(id, rows.reports.get(id)!);
  // Rows handed on so far were right: only the pages after this one read from the database.
  if (carry.posts.size + carry.replies.size + carry.reports.size > CARRY_LIMIT) forget(carry);
}
