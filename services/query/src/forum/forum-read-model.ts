import type { MikroORM } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import { READ_MODELS } from '@reflections/contracts/admin';
import { type ForumBoard, type ForumCategory, MAX_POST_PAGE, type ReportStatus } from '@reflections/contracts/forum';
import { FORUM_PAGE_SIZE } from '@reflections/contracts/forum-paging';
import type { ArchetypeId } from '@reflections/contracts/archetypes';
import type { CircleFigures } from '@reflections/contracts/forum-circle';
import { ARCHETYPES } from '@reflections/contracts/archetypes';
import { preparedReads } from '../projection-engine/prepared-read';
import { CIRCLE_FIGURES_SQL, circleIdOf, circleOfAccount, KNOWN_ARCHETYPES } from './forum-circle';
import type { ReactionRow } from './forum-reaction-views';
import {
  POST_FIELDS,
  type PostWithAuthor as PostRow,
  type ReplyWithAuthor as ReplyRow,
  type ReportWithContent as ReportRow,
  type Timestamp,
} from './forum-rows';
import { iso, type Viewer } from './forum-views';

const AUTHOR_COLUMNS = 'u.first_name, u.last_name, u.archetype';

/** How many lists' visible counts are kept: every board and category, and the searches being paged through. */
const COUNTS_KEPT = 1_000;

/** A post's columns as its views read them (never the search vector, which only the database needs). */
const POST_COLUMNS = POST_FIELDS.map((column) => `p.${column}`).join(', ');

/**
 * The order a page is read in: SQL expressions over a post's alias, each sorted descending,
 * and the parameters one use of them needs.
 */
type PageOrder = { keys: (alias: string) => string[]; params: unknown[] };

/** Pinned first, then newest. */
const NEWEST_FIRST: PageOrder = { keys: (a) => [`${a}.is_pinned`, `${a}.created_at`, `${a}.id`], params: [] };

/** Best match first (a title's words weigh more than a post's), then newest. */
const tsQuery = "websearch_to_tsquery('english', ?)";
const bestMatchFirst = (words: string): PageOrder => ({
  keys: (a) => [`ts_rank(${a}.search_vector, ${tsQuery})`, `${a}.created_at`, `${a}.id`],
  params: [words],
});

/** `circle`: only the named posts of the members of this archetype's circle (issue 26). */
export type PostFilter = {
  board?: ForumBoard;
  categoryId?: number;
  categoryKey?: string;
  limit?: number;
  circle?: ArchetypeId;
};

/** One page of a list: up to FORUM_PAGE_SIZE rows, whether more follow, and how many the whole list holds. */
export type PostRowPage = { rows: PostRow[]; more: boolean; total: number };

/** SQL conditions over a post (alias `p`) and their parameters, in order. */
type Conditions = { where: string; params: unknown[] };

/**
 * A list's conditions, in two parts: `shared`, the same for every viewer (board, category,
 * circle, words), and the viewer, who also sees the hidden posts held for him (all of them
 * as an admin) unless `hiddenNeverListed`. The count of the visible posts matching `shared`
 * is cached when `countCached` (see page); the viewer's hidden ones are counted on every read.
 */
type ListFilter = {
  shared: Conditions;
  viewerId: string | null;
  hiddenNeverListed: boolean;
  /** False when the count also depends on a table the forum projector does not write (a circle's members). */
  countCached: boolean;
};

function filterOf(viewerId: string | null, filter: PostFilter): ListFilter {
  const where = [KEPT_IN_PLACE];
  const params: unknown[] = [];
  if (filter.board) {
    where.push('p.board = ?');
    params.push(filter.board);
  }
  if (filter.categoryId !== undefined) {
    where.push('p.category_id = ?');
    params.push(filter.categoryId);
  }
  if (filter.categoryKey !== undefined) {
    where.push('p.category_key = ?');
    params.push(filter.categoryKey);
  }
  if (filter.circle !== undefined) {
    where.push(
      `NOT p.is_anonymous AND p.author_id IN (SELECT a.id FROM user_accounts a WHERE ${circleOfAccount('a')} = ?)`,
    );
    params.push(KNOWN_ARCHETYPES, filter.circle);
  }
  return {
    shared: { where: where.join(' AND '), params },
    viewerId,
    hiddenNeverListed: false,
    countCached: filter.circle === undefined,
  };
}

/** The posts a list shows its viewer: its shared conditions, and hidden posts only as the viewer may see them. */
const listedFor = ({ shared, viewerId, hiddenNeverListed }: ListFilter): Conditions =>
  hiddenNeverListed
    ? { where: `NOT p.is_hidden AND ${shared.where}`, params: shared.params }
    : { where: `${hiddenForViewerClause('p')} AND ${shared.where}`, params: [viewerId, viewerId, ...shared.params] };

/** Members never see hidden content; admins see it marked, so they can restore it in place. */
const hiddenClause = (viewer: Viewer, alias: string) => (viewer.isAdmin ? 'true' : `NOT ${alias}.is_hidden`);

/** A post its author deleted keeps its place only for its replies (issue 26). */
const KEPT_IN_PLACE = '(p.deleted_at IS NULL OR p.reply_count > 0)';

/** A post held by reports stays visible to its author, marked as awaiting review (one parameter: the viewer's id). */
const heldForAuthor = (alias: string) => `(${alias}.held_for_review AND ${alias}.author_id = ?::uuid)`;

/** Whether the viewer is an admin, inside a list's statement (it runs once, as an init plan). One parameter: the viewer's id. */
const IS_ADMIN = "EXISTS (SELECT 1 FROM user_accounts a WHERE a.id = ? AND a.role = 'admin')";

/** The same rule for a list, decided inside its one statement. Two parameters: the viewer's id twice. */
const hiddenForViewerClause = (alias: string) => `(NOT ${alias}.is_hidden OR ${heldForAuthor(alias)} OR ${IS_ADMIN})`;

export function forumReadModel(orm: MikroORM) {
  const query = <T>(sql: string, params: unknown[]) => orm.em.getConnection().execute<T[]>(sql, params);
  /** The lists' statements, read on every visit to a board: prepared once per connection. */
  const listQuery = preparedReads(orm);

  /**
   * The visible posts a list's shared conditions match, as last counted, and the forum
   * projector's checkpoint they were counted at: the projector moves its checkpoint in the
   * transaction that changes the posts, so while the checkpoint read with a page is the
   * same, so is the count. A board's total then costs one count per change, not per read.
   */
  const visibleCounts = new LRUCache<string, { checkpoint: string; visible: number }>({ max: COUNTS_KEPT });

  /**
   * A page in `order` from after the cursor's post (keyset: an index serves any page as fast
   * as the first), with its total, in one statement: the projector's checkpoint, the visible
   * posts' count unless the cached one is still true at that checkpoint, the hidden posts the
   * viewer may see (a partial index finds the few hidden ones), and the page. An empty page
   * still answers one row, with the counts. An unknown cursor has no place in the order: the
   * page is empty.
   */
  async function page(filter: ListFilter, order: PageOrder, afterPostId: string | null): Promise<PostRowPage> {
    const { shared } = filter;
    const listed = listedFor(filter);
    const countKey = `${shared.where}\n${JSON.stringify(shared.params)}`;
    const cached = filter.countCached ? visibleCounts.get(countKey) : undefined;
    const descending = order
      .keys('p')
      .map((key) => `${key} DESC`)
      .join(', ');
    const keyset = afterPostId
      ? `AND (${order.keys('p').join(', ')}) < (SELECT ${order.keys('c').join(', ')} FROM forum_posts c WHERE c.id = ?)`
      : '';
    const hiddenCount = filter.hiddenNeverListed
      ? { sql: '0', params: [] }
      : {
          sql: `(SELECT count(*)::int FROM forum_posts p WHERE p.is_hidden AND (${heldForAuthor('p')} OR ${IS_ADMIN}) AND ${shared.where})`,
          params: [filter.viewerId, filter.viewerId, ...shared.params],
        };
    const found = await listQuery<PostRow & { checkpoint: string | null; visible: number | null; hidden: number }>(
      `SELECT t.*, page.* FROM (
         SELECT c.checkpoint,
           CASE WHEN c.checkpoint = ? THEN NULL
             ELSE (SELECT count(*)::int FROM forum_posts p WHERE NOT p.is_hidden AND ${shared.where}) END AS visible,
           ${hiddenCount.sql} AS hidden
         FROM (SELECT (SELECT commit_position::text || '/' || prepare_position::text FROM projector_checkpoints WHERE name = ?) AS checkpoint) c
       ) t
       LEFT JOIN LATERAL (
         SELECT ${POST_COLUMNS}, ${AUTHOR_COLUMNS} FROM forum_posts p LEFT JOIN user_accounts u ON u.id = p.author_id
         WHERE ${listed.where} ${keyset} ORDER BY ${descending} LIMIT ?
       ) page ON true`,
      [
        cached?.checkpoint ?? null,
        ...shared.params,
        ...hiddenCount.params,
        READ_MODELS.forum,
        ...listed.params,
        ...(afterPostId ? [...order.params, ...order.params, afterPostId] : []),
        ...order.params,
        FORUM_PAGE_SIZE + 1,
      ],
    );
    const { checkpoint, visible, hidden } = found[0];
    const visibleNow = visible ?? cached!.visible;
    if (filter.countCached && visible !== null && checkpoint !== null)
      visibleCounts.set(countKey, { checkpoint, visible });
    const rows = found.filter((row) => row.id !== null) as PostRow[];
    return { rows: rows.slice(0, FORUM_PAGE_SIZE), more: rows.length > FORUM_PAGE_SIZE, total: visibleNow + hidden };
  }

  return {
    async viewer(userId: string | null): Promise<Viewer> {
      if (!userId) return { userId: null, isAdmin: false };
      const [row] = await query<{ role: string }>('SELECT role FROM user_accounts WHERE id = ?', [userId]);
      return { userId, isAdmin: row?.role === 'admin' };
    },

    async archetypeOf(userId: string): Promise<string | null> {
      const [row] = await query<{ archetype: string }>('SELECT archetype FROM user_accounts WHERE id = ?', [userId]);
      return row?.archetype ?? null;
    },

    /** His circle's figures, or null for an account the read model does not know yet. */
    async circleFigures(userId: string): Promise<CircleFigures | null> {
      const archetype = await this.archetypeOf(userId);
      if (archetype === null) return null;
      const circle = circleIdOf(archetype);
      const [row] = await query<{ members: number; posts_today: number }>(CIRCLE_FIGURES_SQL, [
        KNOWN_ARCHETYPES,
        circle,
        KNOWN_ARCHETYPES,
        circle,
      ]);
      return { archetype: ARCHETYPES[circle].title, members: row.members, postsToday: row.posts_today };
    },

    async categories(board?: ForumBoard): Promise<ForumCategory[]> {
      const rows = await query<{
        id: number;
        board: ForumBoard;
        key: string;
        name: string;
        slug: string;
        description: string;
        color: ForumCategory['color'];
        icon: ForumCategory['icon'];
        sort_order: number;
        is_active: boolean;
        created_at: Timestamp;
      }>(
        `SELECT * FROM forum_categories WHERE is_active ${board ? 'AND board = ?' : ''} ORDER BY board, sort_order`,
        board ? [board] : [],
      );
      return rows.map(({ sort_order, is_active, created_at, ...category }) => ({
        ...category,
        sortOrder: sort_order,
        isActive: is_active,
        createdAt: iso(created_at),
      }));
    },

    /** Pinned first, then newest; one statement, whoever asks. */
    posts(viewerId: string | null, filter: PostFilter): Promise<PostRow[]> {
      const { where, params } = listedFor(filterOf(viewerId, filter));
      return listQuery<PostRow>(
        `SELECT ${POST_COLUMNS}, ${AUTHOR_COLUMNS} FROM forum_posts p LEFT JOIN user_accounts u ON u.id = p.author_id
         WHERE ${where} ORDER BY p.is_pinned DESC, p.created_at DESC, p.id DESC LIMIT ?`,
        [...params, Math.min(filter.limit ?? MAX_POST_PAGE, MAX_POST_PAGE)],
      );
    },

    /** A list's page: pinned first, then newest. */
    postPage(viewerId: string | null, filter: PostFilter, afterPostId: string | null): Promise<PostRowPage> {
      return page(filterOf(viewerId, filter), NEWEST_FIRST, afterPostId);
    },

    /**
     * A search's page: the posts whose title or words match, best first. Hidden posts are never
     * found, not even by their author or an admin; an anonymous author's name is in no vector.
     */
    searchPage(
      viewerId: string | null,
      filter: PostFilter,
      words: string,
      afterPostId: string | null,
    ): Promise<PostRowPage> {
      const { shared, countCached } = filterOf(viewerId, filter);
      return page(
        {
          countCached,
          shared: {
            where: `${shared.where} AND p.deleted_at IS NULL AND p.search_vector @@ ${tsQuery}`,
            params: [...shared.params, words],
          },
          viewerId,
          hiddenNeverListed: true,
        },
        bestMatchFirst(words),
        afterPostId,
      );
    },

    async post(viewer: Viewer, postId: string): Promise<PostRow | null> {
      const [row] = await query<PostRow>(
        `SELECT ${POST_COLUMNS}, ${AUTHOR_COLUMNS} FROM forum_posts p LEFT JOIN user_accounts u ON u.id = p.author_id WHERE p.id = ? AND ${KEPT_IN_PLACE} AND (${hiddenClause(viewer, 'p')} OR ${heldForAuthor('p')})`,
        [postId, viewer.userId],
      );
      return row ?? null;
    },

    replies(viewer: Viewer, postId: string): Promise<ReplyRow[]> {
      return query<ReplyRow>(
        `SELECT r.*, ${AUTHOR_COLUMNS} FROM forum_replies r LEFT JOIN user_accounts u ON u.id = r.author_id
         WHERE r.post_id = ? AND ${hiddenClause(viewer, 'r')} ORDER BY r.created_at, r.id`,
        [postId],
      );
    },

    /** Every reaction to a post and its replies, with each member's first name (the views decide who may see it). */
    reactions(postId: string): Promise<ReactionRow[]> {
      return query<ReactionRow>(
        'SELECT x.target_id, x.kind, x.member_id, x.is_anonymous, u.first_name FROM forum_reactions x LEFT JOIN user_accounts u ON u.id = x.member_id WHERE x.post_id = ? ORDER BY x.reacted_at',
        [postId],
      );
    },

    reports(status: ReportStatus | 'all'): Promise<ReportRow[]> {
      return query<ReportRow>(
        `SELECT f.*, p.board, p.title,
                coalesce(r.content, p.content) AS content,
                coalesce(r.is_hidden, p.is_hidden) AS content_hidden,
                coalesce(r.is_anonymous, p.is_anonymous) AS is_anonymous,
                coalesce(r.author_id, p.author_id) AS author_id,
                ${AUTHOR_COLUMNS}
         FROM forum_reports f
         JOIN forum_posts p ON p.id = f.post_id
         LEFT JOIN forum_replies r ON r.id = f.reply_id
         LEFT JOIN user_accounts u ON u.id = coalesce(r.author_id, p.author_id)
         WHERE ${status === 'all' ? 'true' : 'f.status = ?'} ORDER BY f.reported_at DESC LIMIT 500`,
        status === 'all' ? [] : [status],
      );
    },
  };
}

export type ForumReadModel = ReturnType<typeof forumReadModel>;
