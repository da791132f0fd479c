import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { READ_MODELS } from '@reflections/contracts/admin';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { ProjectorRuntime } from '../projection-engine/projector-runtime';
import { forumNotificationsProjection } from './forum-notifications-projection';
import { forumNotificationsReadModel } from './forum-notifications-read-model';
import { forumProjection } from './forum-projection';
import { forumEvent, postCreated } from '../testing/forum-events';
import { useStoreAndReadModels } from '../testing/store-and-read-models';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();

describe('migrating forum notifications to follows and read marks (issue 29)', () => {
  let store: PostgresEventStore;
  let orm: MikroORM;
  useStoreAndReadModels((opened) => ({ store, orm } = opened));

  const project = async (position: Parameters<ProjectorRuntime['waitFor']>[0]) => {
    const runtime = new ProjectorRuntime(orm, store);
    await runtime.start([forumProjection, forumNotificationsProjection]);
    expect(await runtime.waitFor(position, 30_000)).toBe(true);
    await runtime.stop();
  };

  it('replays them from the log at the next start, whatever the old notification rows held', async () => {
    const [sam, alex, jo, postId, alexReply, joReply] = Array.from({ length: 6 }, () => randomUUID());
    const reply = (authorId: string, replyId: string, minute: number) =>
      forumEvent('ReplyAdded', {
        postId,
        replyId,
        content: 'A reply',
        isAnonymous: false,
        authorId,
        createdAt: at(minute),
      });
    const { position } = await store.appendToStream(`forum-${postId}`, [
      postCreated(postId, sam, at(0)),
      reply(alex, alexReply, 1),
      forumEvent('NotificationsRead', { memberId: sam, notificationId: null, readAt: at(2) }),
      reply(jo, joReply, 3),
    ]);
    await project(position);

    // As the tree before this migration left it: one row per notification, its projector caught up.
    const connection = orm.em.getConnection();
    await orm.migrator.down({ to: 'Migration2026112690ForumHiddenPosts' });
    await connection.execute(
      `INSERT INTO forum_notifications (member_id, reply_id, post_id, is_anonymous, created_at, read_at) VALUES (?, ?, ?, false, ?, null)`,
      [sam, randomUUID(), postId, at(4)],
    );
    await connection.execute(
      `INSERT INTO projector_checkpoints (name, commit_position, prepare_position, updated_at) VALUES (?, ?, ?, now())
       ON CONFLICT (name) DO UPDATE SET commit_position = EXCLUDED.commit_position, prepare_position = EXCLUDED.prepare_position`,
      [READ_MODELS.forumNotifications, String(position.commit), String(position.prepare)],
    );

    await orm.migrator.up();
    expect(
      await connection.execute(
        `SELECT to_regclass('forum_notifications') IS NULL AS gone, (SELECT count(*)::int FROM projector_checkpoints WHERE name = ?) AS checkpoints`,
        [READ_MODELS.forumNotifications],
      ),
    ).toEqual([{ gone: true, checkpoints: 0 }]);
    await project(position);

    const reads = forumNotificationsReadModel(orm);
    const shown = async (member: string) => {
      const { unread, notifications } = await reads.list(member);
      return { unread, notifications: notifications.map((n) => [n.id, n.kind, n.read]) };
    };
    expect(await shown(sam)).toEqual({
      unread: 1,
      notifications: [
        [joReply, 'reply-to-your-post', false],
        [alexReply, 'reply-to-your-post', true],
      ],
    });
    expect(await shown(alex)).toEqual({ unread: 1, notifications: [[joReply, 'reply-in-your-thread', false]] });
    expect(await shown(jo)).toEqual({ unread: 0, notifications: [] });
  });
});
