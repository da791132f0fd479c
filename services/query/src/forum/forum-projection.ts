import type { EntityManager } from '@mikro-orm/postgresql';
import { READ_MODELS } from '@reflections/contracts/admin';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import { ANY_JSON_UUIDS, boundQuery } from '../projection-engine/bound-query';
import { runStatements, runTogether, type BatchStatement } from '../projection-engine/batch-statements';
import { copyStatement, copyText } from '../projection-engine/copy-rows';
import { type BatchRows, readModelProjection } from '../projection-engine/read-model-projection';
import {
  carriedIn,
  carriedRows,
  keyFreshTables,
  onCommitted,
  possiblyStored,
  recordWritten,
  recordWrittenIn,
} from '../projection-engine/rebuild-context';
import { applyForumEvent, emptyForumRows, FORUM_ROW_EVENTS, type ForumRows, forumKeysOf } from './forum-batch';
import {
  CARRY_LIMIT,
  carryChangedRows,
  carryIsFull,
  changesSurelyStorable,
  type ForumCarry,
  giveCarriedRows,
  newForumCarry,
  stopCarrying,
  type UnwrittenRows,
  unwrittenRows,
} from './forum-carry';
import { POST_FIELDS, type PostRow, type ReplyRow, type ReportRow } from './forum-rows';
import { ERASED_MEMBER_ID, ERASED_TEXT } from '@reflections/contracts/personal-data';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;
const POST_COLUMNS = `id, board, category_id, category_key, title, content, is_anonymous, author_id, is_pinned, is_hidden, held_for_review, reply_count, ${iso('last_reply_at')}, last_reply_user_id, ${iso('created_at')}, ${iso('updated_at')}, ${iso('edited_at')}, ${iso('deleted_at')}`;
const REPLY_COLUMNS = `id, post_id, content, is_anonymous, author_id, is_hidden, ${iso('created_at')}, ${iso('edited_at')}, ${iso('deleted_at')}`;
const REPORT_COLUMNS = `id, post_id, reply_id, reason, reporter_id, status, ${iso('reported_at')}, ${iso('resolved_at')}`;
const ids = (list: readonly string[]) => JSON.stringify(list);

/** A batch's rows, and in a rebuild the rows carried from its pages before (see forum-carry.ts). */
type ForumBatch = ForumRows & BatchRows & { readonly carry: ForumCarry | undefined };

/**
 * A rebuild's transactions that read and write the database rather than the carry from some
 * point on: those that wrote the rows the carry held back (a member forgotten, the carry
 * full), or whose SQL changed rows it holds. The carry stops once they commit.
 */
const onDatabase = new WeakSet<EntityManager>();
/** A rebuild's batches whose rows are held back (see `ForumCarry.written`), by their transaction, until it commits. */
const pendingBatches = new WeakMap<EntityManager, ForumRows[]>();

/** The carry a batch in `em` reads and writes through, or undefined (a live batch, or one on the database). */
const carryOf = (rows: ForumBatch, em: EntityManager): ForumCarry | undefined =>
  rows.carry?.complete && !onDatabase.has(em) ? rows.carry : undefined;

/**
 * Loads every row the batch reads or changes. In a rebuild they come from the carry (the rows
 * its committed pages made) while it holds them all: no round trip. Otherwise (live batches,
 * or a rebuild past the carry's limit or after an erasure) in one query of one part per kind
 * of key the batch has: a part for keys it lacks would be planned all the same, and `post_id =
 * ANY(…)` of an array the planner cannot see into is estimated at a hundred posts' replies, a
 * sequential scan of forum_replies once a few threads are long (3.3 ms for 50 new replies
 * among 6,000).
 */
async function loadRows(rows: ForumBatch, em: EntityManager, events: readonly RecordedEvent[]): Promise<void> {
  const keys = forumKeysOf(events);
  const carry = carryOf(rows, em);
  if (carry && !carry.written && carryIsFull(carry)) await writeHeldRows(carry, em);
  else if (carry) return giveCarriedRows(carry, rows, keys);
  // In a rebuild, only rows an earlier page wrote can be there: a page's new posts and replies are most of its keys.
  const parts = [
    {
      kind: 'post',
      keys: possiblyStored(em, 'forum_posts', keys.posts),
      sql: `SELECT ${POST_COLUMNS} FROM forum_posts WHERE id = ${ANY_JSON_UUIDS}`,
    },
    {
      kind: 'reply',
      keys: possiblyStored(em, 'forum_replies', keys.replies),
      sql: `SELECT ${REPLY_COLUMNS} FROM forum_replies WHERE id = ${ANY_JSON_UUIDS}`,
    },
    {
      kind: 'reply',
      keys: keys.recountedPosts,
      sql: `SELECT ${REPLY_COLUMNS} FROM forum_replies WHERE post_id = ${ANY_JSON_UUIDS}`,
    },
    {
      kind: 'report',
      keys: possiblyStored(em, 'forum_reports', keys.reports),
      sql: `SELECT ${REPORT_COLUMNS} FROM forum_reports WHERE id = ${ANY_JSON_UUIDS}`,
    },
    {
      kind: 'report',
      keys: keys.moderatedPosts,
      sql: `SELECT ${REPORT_COLUMNS} FROM forum_reports WHERE post_id = ${ANY_JSON_UUIDS} AND status = 'open'`,
    },
  ].filter((part) => part.keys.length > 0);
  if (parts.length === 0) return;
  const found = await boundQuery<{
    kind: 'post' | 'reply' | 'report';
    row: PostRow<string> & ReplyRow<string> & ReportRow<string>;
  }>(
    em,
    parts.map((part) => `SELECT '${part.kind}' AS kind, to_json(x) AS row FROM (${part.sql}) x`).join(' UNION ALL '),
    parts.map((part) => ids(part.keys)),
  );
  // A row found by two parts (a reply named by its id and by its post's) is held once.
  const tables = { post: rows.posts, reply: rows.replies, report: rows.reports } as const;
  for (const { kind, row } of found) tables[kind].set(row.id, row);
}

/**
 * A batch's write: withdrawn reactions, and an INSERT for each table with rows to write
 * (none for a table without: in a rebuild a held table may have no primary key yet, which
 * `ON CONFLICT` needs).
 */
type PreparedWrite = { withdrawn: string | null; inserts: Write[]; changed: ForumRows['changed'] };
type Write = { readonly sql: string; readonly params: readonly string[] };

/** The columns of the replies and reports a rebuild copies in (see copy-rows.ts; posts' are POST_FIELDS), in their order there. */
const REPLY_FIELDS = [
  'id',
  'post_id',
  'content',
  'is_anonymous',
  'author_id',
  'is_hidden',
  'created_at',
  'edited_at',
  'deleted_at',
] as const satisfies readonly (keyof ReplyRow)[];
const REPORT_FIELDS = [
  'id',
  'post_id',
  'reply_id',
  'reason',
  'reporter_id',
  'status',
  'reported_at',
  'resolved_at',
] as const satisfies readonly (keyof ReportRow)[];

const POSTS = `forum_posts (id, board, category_id, category_key, title, content, is_anonymous, author_id, is_pinned, is_hidden, held_for_review, reply_count, last_reply_at, last_reply_user_id, created_at, updated_at, edited_at, deleted_at)
  SELECT * FROM json_to_recordset(?::json) AS p(id uuid, board text, category_id integer, category_key text, title text, content text, is_anonymous boolean, author_id uuid,
    is_pinned boolean, is_hidden boolean, held_for_review boolean, reply_count integer, last_reply_at timestamptz, last_reply_user_id uuid, created_at timestamptz, updated_at timestamptz,
    edited_at timestamptz, deleted_at timestamptz)`;
const REPLIES = `forum_replies (id, post_id, content, is_anonymous, author_id, is_hidden, created_at, edited_at, deleted_at)
  SELECT * FROM json_to_recordset(?::json) AS r(id uuid, post_id uuid, content text, is_anonymous boolean, author_id uuid, is_hidden boolean, created_at timestamptz,
    edited_at timestamptz, deleted_at timestamptz)`;
const REPORTS = `forum_reports (id, post_id, reply_id, reason, reporter_id, status, reported_at, resolved_at)
  SELECT * FROM json_to_recordset(?::json) AS r(id uuid, post_id uuid, reply_id uuid, reason text, reporter_id uuid, status text, reported_at timestamptz, resolved_at timestamptz)`;
const CATEGORIES = `INSERT INTO forum_categories (id, board, key, name, slug, description, color, icon, sort_order, is_active, created_at)
  SELECT * FROM json_to_recordset(?::json) AS c(id integer, board text, key text, name text, slug text, description text, color text, icon text,
    sort_order integer, is_active boolean, created_at timestamptz)
  ON CONFLICT (id) DO NOTHING`;
const REACTIONS = `INSERT INTO forum_reactions (target_id, post_id, kind, member_id, is_anonymous, reacted_at)
  SELECT * FROM json_to_recordset(?::json) AS r(target_id uuid, post_id uuid, kind text, member_id uuid, is_anonymous boolean, reacted_at timestamptz)
  ON CONFLICT DO NOTHING`;
/** What a stored post, reply or report takes from its new version. */
const POST_UPDATE = `ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, content = EXCLUDED.content, is_pinned = EXCLUDED.is_pinned, is_hidden = EXCLUDED.is_hidden, held_for_review = EXCLUDED.held_for_review,
  reply_count = EXCLUDED.reply_count, last_reply_at = EXCLUDED.last_reply_at, last_reply_user_id = EXCLUDED.last_reply_user_id, updated_at = EXCLUDED.updated_at,
  edited_at = EXCLUDED.edited_at, deleted_at = EXCLUDED.deleted_at`;
const REPLY_UPDATE = `ON CONFLICT (id) DO UPDATE SET content = EXCLUDED.content, is_hidden = EXCLUDED.is_hidden, edited_at = EXCLUDED.edited_at, deleted_at = EXCLUDED.deleted_at`;
const REPORT_UPDATE = `ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, resolved_at = EXCLUDED.resolved_at`;

/**
 * Serialises what the batch changed (`json_to_recordset` reads JSON in one pass; jsonb would
 * be parsed into its binary form first). With a carry whose rows are not written yet (a
 * rebuild's pages until the last), posts, replies and reports are held back with it. Given a carry, rows it does
 * not hold have none in the fresh tables and go in with plain INSERTs; the others, and every
 * row of a live batch, with `ON CONFLICT DO UPDATE`.
 */
function prepareWrite(rows: ForumRows, carry: ForumCarry | undefined): PreparedWrite {
  const withdrawn = [...rows.reactions.values()].filter((change) => change.deleteStored);
  const given = [...rows.reactions.values()].flatMap((change) => change.insert ?? []);
  const held = carry !== undefined && !carry.written;
  const changed = held
    ? { posts: new Set<string>(), replies: new Set<string>(), reports: new Set<string>() }
    : rows.changed;
  const inserts: Write[] = [];
  const insert = (sql: string, values: readonly unknown[]) => {
    if (values.length > 0) inserts.push({ sql, params: [JSON.stringify(values)] });
  };
  // The fresh and the stored rows of a table have different keys, so its two INSERTs never meet.
  const split = <T>(table: string, update: string, map: Map<string, T>, keys: Set<string>, stored?: Map<string, T>) => {
    const fresh: T[] = [];
    const rewritten: T[] = [];
    for (const key of keys) (stored && !stored.has(key) ? fresh : rewritten).push(map.get(key)!);
    insert(`INSERT INTO ${table}`, fresh);
    insert(`INSERT INTO ${table} ${update}`, rewritten);
  };
  insert(CATEGORIES, [...rows.categories.values()]);
  split(POSTS, POST_UPDATE, rows.posts, changed.posts, carry?.posts);
  split(REPLIES, REPLY_UPDATE, rows.replies, changed.replies, carry?.replies);
  insert(REACTIONS, given);
  split(REPORTS, REPORT_UPDATE, rows.reports, changed.reports, carry?.reports);
  return {
    withdrawn: withdrawn.length > 0 ? JSON.stringify(withdrawn.map((change) => change.key)) : null,
    inserts,
    changed,
  };
}

/**
 * Writes what the batch changed: withdrawn reactions deleted first, then every table in one
 * statement. In a rebuild, the carry takes the batch's rows once its transaction has
 * committed (a batch that fails and is tried again leaves it as it was).
 */
async function writeRows(rows: ForumBatch, em: EntityManager): Promise<void> {
  let carry = carryOf(rows, em);
  if (carry && !carry.written && !changesSurelyStorable(rows, carry)) {
    await writeHeldRows(carry, em);
    carry = undefined;
  }
  await runWrite(prepareWrite(rows, carry), em);
  if (!carry) return;
  if (!carry.written) {
    const pending = pendingBatches.get(em);
    if (pending) pending.push(rows);
    else pendingBatches.set(em, [rows]);
  }
  onCommitted(em, () => {
    carryChangedRows(carry, rows);
    // Its rows are in the tables: the pages after read them from there.
    if (carry.written && carryIsFull(carry)) stopCarrying(carry);
  });
}

/** The tables whose rows the carry holds back: keyed once their rows are in (see `Projector.keyedAfterRows`). */
const HELD_TABLES = ['forum_posts', 'forum_replies', 'forum_reports'];

/**
 * Rows per COPY of those held to the end, by table: a rebuild runs its held statements side
 * by side, so the bench's 1,372 posts and 6,797 replies go in on both cores.
 */
const HELD_ROWS_PER_STATEMENT = { posts: 700, replies: 2300, reports: 2300 };

/** COPYs of one table's rows in no table yet, of at most `perStatement` rows each. */
function tableCopies<T extends object>(
  table: string,
  fields: readonly (keyof T & string)[],
  held: ReadonlyMap<string, T>,
  perStatement = held.size,
): BatchStatement[] {
  const rows = [...held.values()];
  const statements: BatchStatement[] = [];
  for (let start = 0; start < rows.length; start += perStatement)
    statements.push({
      table,
      sql: copyStatement(table, fields),
      params: [],
      copy: () => copyText(rows.slice(start, start + perStatement), fields),
    });
  return statements;
}

/** COPYs of every row in no table yet, each table's in pieces of at most `perStatement` rows. */
const copiesOfRows = (rows: UnwrittenRows, perStatement?: typeof HELD_ROWS_PER_STATEMENT): BatchStatement[] => [
  ...tableCopies('forum_posts', POST_FIELDS, rows.posts, perStatement?.posts),
  ...tableCopies('forum_replies', REPLY_FIELDS, rows.replies, perStatement?.replies),
  ...tableCopies('forum_reports', REPORT_FIELDS, rows.reports, perStatement?.reports),
];

/** Notes every row of `rows` as written (see `recordWritten`). */
function recordRowsWritten(rows: UnwrittenRows, record: (table: string, ids: Iterable<string>) => void): void {
  record('forum_posts', rows.posts.keys());
  record('forum_replies', rows.replies.keys());
  record('forum_reports', rows.reports.keys());
}

/**
 * Writes the rows the carry holds back, with those of this transaction's batches so far, in
 * `em`'s transaction: from here on it reads and writes the database, and once it commits
 * the carry stops (if it fails, the carry still holds them for the next try).
 */
async function writeHeldRows(carry: ForumCarry, em: EntityManager): Promise<void> {
  const rows = unwrittenRows(carry, pendingBatches.get(em) ?? []);
  await runStatements(em, copiesOfRows(rows));
  await keyFreshTables(em, HELD_TABLES);
  recordRowsWritten(rows, (table, ids) => recordWritten(em, table, ids));
  onDatabase.add(em);
  onCommitted(em, () => stopCarrying(carry));
}

async function runWrite(prepared: PreparedWrite, em: EntityManager): Promise<void> {
  if (prepared.withdrawn)
    await boundQuery(
      em,
      `DELETE FROM forum_reactions r USING json_to_recordset(?::json) AS w(target_id uuid, kind text, member_id uuid)
        WHERE r.target_id = w.target_id AND r.kind = w.kind AND r.member_id = w.member_id`,
      [prepared.withdrawn],
    );
  const { changed } = prepared;
  for (const [table, keys] of [
    ['forum_posts', changed.posts],
    ['forum_replies', changed.replies],
    ['forum_reports', changed.reports],
  ] as const)
    recordWritten(em, table, keys);
  await runTogether(em, prepared.inserts);
}

/**
 * The recipe's SQL-rows form: the rows a batch touches are loaded with one query, changed in
 * memory in event order (forum-batch.ts), and written back with one statement, so a replay
 * is bound by the database rather than a round trip per event. Plain SQL rather than
 * entities: the tables are read with joins and full-text search the ORM would not express.
 */
export const forumProjectionCarrying = (carryLimit: number) =>
  readModelProjection({
    name: READ_MODELS.forum,
    tables: ['forum_categories', 'forum_posts', 'forum_replies', 'forum_reports', 'forum_reactions'],
    rows: (em): ForumBatch => {
      const rows: ForumBatch = Object.assign(emptyForumRows(), {
        carry: carriedRows(em, READ_MODELS.forum, () => newForumCarry(carryLimit)),
        write: (em: EntityManager) => writeRows(rows, em),
      });
      return rows;
    },
    load: loadRows,
    // Every post, reply and report, once, as the last page left it.
    heldRows: (context) => {
      const carry = carriedIn(context, READ_MODELS.forum, () => newForumCarry(carryLimit));
      if (!carry.complete || carry.written) return [];
      carry.written = true;
      recordRowsWritten(carry, (table, ids) => recordWrittenIn(context, table, ids));
      return copiesOfRows(carry, HELD_ROWS_PER_STATEMENT);
    },
    // His posts and replies keep their place in their threads without his words; his anonymous ones, reactions and reports lose their link to him.
    forgetMember: async (em, userId) => {
      // The rows carried in a rebuild do not forget him: they are written first if held back,
      // and from here on read from the database.
      const carry = carriedRows(em, READ_MODELS.forum, () => newForumCarry(carryLimit));
      if (carry?.complete && !onDatabase.has(em)) {
        if (carry.written) {
          onDatabase.add(em);
          onCommitted(em, () => stopCarrying(carry));
        } else await writeHeldRows(carry, em);
      }
      await boundQuery(
        em,
        `UPDATE forum_posts SET title = ?, content = ?, author_id = CASE WHEN is_anonymous THEN ?::uuid ELSE author_id END WHERE author_id = ?`,
        [ERASED_TEXT, ERASED_TEXT, ERASED_MEMBER_ID, userId],
      );
      await boundQuery(
        em,
        `UPDATE forum_replies SET content = ?, author_id = CASE WHEN is_anonymous THEN ?::uuid ELSE author_id END WHERE author_id = ?`,
        [ERASED_TEXT, ERASED_MEMBER_ID, userId],
      );
      await boundQuery(em, 'UPDATE forum_reports SET reason = ? WHERE reporter_id = ?', [ERASED_TEXT, userId]);
      // An anonymous reaction still counts, under the id a replay gives it (one per kind and target, like any reactor's).
      await boundQuery(
        em,
        `UPDATE forum_reactions r SET member_id = ?::uuid WHERE r.member_id = ? AND r.is_anonymous
         AND NOT EXISTS (SELECT 1 FROM forum_reactions o WHERE o.target_id = r.target_id AND o.kind = r.kind AND o.member_id = ?::uuid)`,
        [ERASED_MEMBER_ID, userId, ERASED_MEMBER_ID],
      );
      await boundQuery(em, 'DELETE FROM forum_reactions WHERE member_id = ? AND is_anonymous', [userId]);
    },
    // Not forum_replies_post: its loads by post are the carry's while it holds every row, and
    // keeping the index up to date row by row was a third of writing the replies. A rebuild past
    // the carry's limit or an erasure reads the few recounted threads' replies without it.
    indexesForReplay: ['forum_reports_content'],
    keyedAfterRows: HELD_TABLES,
    handlers: Object.fromEntries(FORUM_ROW_EVENTS.map((type) => [type, applyForumEvent])),
  });

export const forumProjection = forumProjectionCarrying(CARRY_LIMIT);
