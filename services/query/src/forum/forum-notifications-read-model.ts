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
 * A member's notifications, derived (issue 29): he follows the threads he wrote (every reply)
 * and those he replied in (the replies after his first), so a reply notifies him unless he
 * wrote it or it was written while its thread was hidden. One counts while its post and its
 * reply can be read: hiding either (or the reply's deletion) takes it from the list and the
 * count. It is read when his latest "mark all" is at or after its time, or when he marked it
 * alone. The replier's name only for a named reply. `members` stands for the members' ids.
 */
const followsOf = (members: string) => `WITH follows AS (
    SELECT post_id, member_id, min(since) AS since FROM (
      SELECT t.post_id, t.author_id AS member_id, '-infinity'::timestamptz AS since FROM forum_notification_threads t WHERE t.author_id = ${members}
      UNION ALL
      SELECT r.post_id, r.author_id, min(r.created_at) FROM forum_replies r WHERE r.author_id = ${members} GROUP BY r.post_id, r.author_id
    ) followed GROUP BY post_id, member_id
  )`;
const FROM_VISIBLE = `FROM follows f
  JOIN forum_posts p ON p.id = f.post_id
  JOIN forum_replies r ON r.post_id = f.post_id AND r.created_at > f.since AND r.author_id <> f.member_id
  LEFT JOIN forum_notifications_read_upto upto ON upto.member_id = f.member_id`;
const VISIBLE = `NOT p.is_hidden AND NOT r.is_hidden AND r.deleted_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM forum_silent_replies s WHERE s.reply_id = r.id)`;
/** Whether a notification is read: `r` its reply, `member` and `readUpTo` the columns that hold them. */
const readFlag = (member: string, readUpTo: string) => `((r.created_at <= ${readUpTo}) IS TRUE
  OR EXISTS (SELECT 1 FROM forum_notification_reads m WHERE m.member_id = ${member} AND m.reply_id = r.id))`;
/** The newest first, then only those shown get their replier's name and read flag (a busy member has thousands). */
const listSql = (member: string, size: string) =>
  `${followsOf(member)}, newest AS (
     SELECT r.id, r.post_id, r.author_id, r.is_anonymous, r.created_at, f.member_id, upto.read_upto,
            p.board, p.title, p.deleted_at IS NOT NULL AS deleted, p.author_id = f.member_id AS own_post
     ${FROM_VISIBLE} WHERE ${VISIBLE} ORDER BY r.created_at DESC, r.id DESC LIMIT ${size}
   )
   SELECT r.id, r.post_id, r.board, r.title, r.deleted, r.own_post, r.is_anonymous,
          CASE WHEN r.is_anonymous THEN NULL ELSE u.first_name END AS replier_name, r.created_at,
          ${readFlag('r.member_id', 'r.read_upto')} AS read
     FROM newest r LEFT JOIN user_accounts u ON u.id = r.author_id
    ORDER BY r.created_at DESC, r.id DESC`;
const unreadSql = (members: string) =>
  `${followsOf(members)} SELECT f.member_id, count(*)::int AS unread ${FROM_VISIBLE} WHERE ${VISIBLE} AND NOT ${readFlag('f.member_id', 'upto.read_upto')} GROUP BY f.member_id`;

/** The two reads of GET /api/forum/notifications, for the bench's query plans (`$1` a member id, `$2` the list size). */
export const NOTIFICATION_READS_FOR_PLANS = { list: listSql('$1', '$2'), unread: unreadSql('$1') };

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
    const members = JSON.stringify(memberIds);
    const rows = await query<{ member_id: string; unread: number }>(unreadSql(ANY_JSON_UUIDS), [members, members]);
    return new Map(rows.map((row) => [row.member_id, row.unread]));
  }

  return {
    async list(memberId: string): Promise<ForumNotifications> {
      const [rows, counts] = await Promise.all([
        query<NotificationRow>(listSql('?::uuid', '?'), [memberId, memberId, NOTIFICATION_LIST_SIZE]),
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
