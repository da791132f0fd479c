import type { MikroORM } from '@mikro-orm/postgresql';
import { DELETED_BY_AUTHOR } from '@reflections/contracts/forum-edits';
import {
  type ForumChangeKind,
  type ForumLiveChange,
  type ForumNotifications,
  NOTIFICATION_LIST_SIZE,
} from '@reflections/contracts/forum-notifications';
import type { ForumBoard } from '@reflections/contracts/forum';
import type { Position } from '@reflections/contracts/position';
import type { Timestamp } from './forum-rows';
import { shownTime } from './forum-views';
import { ANY_JSON_UUIDS } from '../projection-engine/bound-query';

/**
 * A notification counts while its post and its reply can be read: hiding either (or the
 * reply's deletion) takes it from the list and the count. The replier's name only for a
 * named reply.
 */
const FROM_VISIBLE = `FROM forum_notifications n
  JOIN forum_posts p ON p.id = n.post_id
  JOIN forum_replies r ON r.id = n.reply_id`;
const VISIBLE = 'NOT p.is_hidden AND NOT r.is_hidden AND r.deleted_at IS NULL';

type NotificationRow = {
  id: string;
  post_id: string;
  board: ForumBoard;
  title: string;
  deleted: boolean;
  own_post: boolean;
  is_anonymous: boolean;
  replier_name: string | null;
  created_at: Timestamp;
  read: boolean;
};

type ChangeRow = {
  commit: string;
  prepare: string;
  kind: ForumChangeKind;
  board: ForumBoard;
  category_id: number;
  category_key: string;
  post_id: string;
};

/** A change of the live feed with the position it was recorded at (its SSE id). */
export type PositionedChange = { position: Position; change: ForumLiveChange };

export function forumNotificationsReadModel(orm: MikroORM) {
  const query = <T>(sql: string, params: unknown[]) => orm.em.getConnection().execute<T[]>(sql, params);

  /** Unread notifications of each of these members, in one statement (members with none are absent). */
  async function unreadCounts(memberIds: readonly string[]): Promise<Map<string, number>> {
    if (memberIds.length === 0) return new Map();
    const rows = await query<{ member_id: string; unread: number }>(
      `SELECT n.member_id, count(*)::int AS unread ${FROM_VISIBLE} WHERE ${VISIBLE} AND n.read_at IS NULL AND n.member_id = ${ANY_JSON_UUIDS} GROUP BY n.member_id`,
      [JSON.stringify(memberIds)],
    );
    return new Map(rows.map((row) => [row.member_id, row.unread]));
  }

  return {
    async list(memberId: string): Promise<ForumNotifications> {
      const [rows, counts] = await Promise.all([
        query<NotificationRow>(
          `SELECT n.reply_id AS id, n.post_id, p.board, p.title, p.deleted_at IS NOT NULL AS deleted, p.author_id = n.member_id AS own_post, r.is_anonymous,
                  CASE WHEN r.is_anonymous THEN NULL ELSE u.first_name END AS replier_name, n.created_at, n.read_at IS NOT NULL AS read
           ${FROM_VISIBLE} LEFT JOIN user_accounts u ON u.id = r.author_id
           WHERE ${VISIBLE} AND n.member_id = ? ORDER BY n.created_at DESC, n.reply_id DESC LIMIT ?`,
          [memberId, NOTIFICATION_LIST_SIZE],
        ),
        unreadCounts([memberId]),
      ]);
      return {
        unread: counts.get(memberId) ?? 0,
        notifications: rows.map((row) => ({
          id: row.id,
          postId: row.post_id,
          board: row.board,
          postTitle: row.deleted ? DELETED_BY_AUTHOR : row.title,
          kind: row.own_post ? 'reply-to-your-post' : 'reply-in-your-thread',
          replierName: row.replier_name,
          createdAt: shownTime(row.created_at, row.is_anonymous),
          read: row.read,
        })),
      };
    },

    unreadCounts,

    /** The live feed's latest position, or null while it is empty. */
    async lastChange(): Promise<Position | null> {
      const [row] = await query<ChangeRow>(
        'SELECT position_commit AS commit, position_prepare AS prepare FROM forum_live_changes ORDER BY position_commit DESC, position_prepare DESC LIMIT 1',
        [],
      );
      return row ? { commit: BigInt(row.commit), prepare: BigInt(row.prepare) } : null;
    },

    /** The changes recorded after `after`, oldest first. */
    async changesAfter(after: Position | null): Promise<PositionedChange[]> {
      const rows = await query<ChangeRow>(
        `SELECT position_commit AS commit, position_prepare AS prepare, kind, board, category_id, category_key, post_id FROM forum_live_changes
         WHERE (position_commit, position_prepare) > (?::bigint, ?::bigint) ORDER BY position_commit, position_prepare LIMIT 500`,
        [String(after?.commit ?? -1n), String(after?.prepare ?? -1n)],
      );
      return rows.map((row) => ({
        position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
        change: {
          kind: row.kind,
          board: row.board,
          categoryId: row.category_id,
          category: row.category_key,
          postId: row.post_id,
        },
      }));
    },
  };
}

export type ForumNotificationsReadModel = ReturnType<typeof forumNotificationsReadModel>;
