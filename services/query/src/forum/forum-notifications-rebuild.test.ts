import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventToAppend } from '@reflections/platform/event-store/event-store';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { seeded } from '@reflections/platform/testing/seeded-random';
import { ProjectionRebuild } from '../projection-engine/projection-rebuild';
import { rowsOf, rowsProjectedOneByOne } from '../testing/rebuild-comparison';
import { forumNotificationsProjection } from './forum-notifications-projection';
import { useStoreAndReadModels } from '../testing/store-and-read-models';
import { forumEvent } from '../testing/forum-events';

/**
 * Threads where members reply to each other, some joining late, one hidden for a while, with
 * reads between: each reply must notify exactly those who followed its thread before it.
 */
function conversation(): EventToAppend[] {
  const random = seeded(29);
  const members = Array.from({ length: 8 }, () => randomUUID());
  const posts = Array.from({ length: 5 }, () => randomUUID());
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();
  const events: EventToAppend[] = posts.map((postId, i) =>
    forumEvent('PostCreated', {
      postId,
      board: 'campfire',
      categoryId: 1,
      category: 'general',
      title: 'A thread',
      content: 'Its first words',
      isAnonymous: false,
      authorId: members[i],
      createdAt: at(i),
    }),
  );
  for (let minute = 10; minute < 70; minute++) {
    const postId = random.pick(posts);
    if (minute === 30)
      events.push(
        forumEvent('PostHidden', { postId: posts[0], adminId: members[7], at: at(minute), reason: 'Off topic' }),
      );
    else if (minute === 45)
      events.push(
        forumEvent('PostRestored', { postId: posts[0], adminId: members[7], at: at(minute), reason: 'Fine' }),
      );
    else if (minute % 13 === 0)
      events.push(
        forumEvent('NotificationsRead', { memberId: random.pick(members), notificationId: null, readAt: at(minute) }),
      );
    else
      events.push(
        forumEvent('ReplyAdded', {
          postId,
          replyId: randomUUID(),
          content: 'A reply',
          isAnonymous: random.next() < 0.2,
          authorId: random.pick(members),
          createdAt: at(minute),
        }),
      );
  }
  return events;
}

describe('rebuilding forum notifications', () => {
  let store: PostgresEventStore;
  let orm: MikroORM;
  useStoreAndReadModels((opened) => ({ store, orm } = opened));

  it('notifies of each reply exactly those who followed its thread before it, as projecting one event at a time did, whatever the batches', async () => {
    // One event per batch: every follower a reply notifies is already in the table.
    const incremental = await rowsProjectedOneByOne(orm, store, forumNotificationsProjection, conversation(), 'forum');
    // Enough notifications, from enough repliers, that a follower counted too early or missed would show.
    expect(incremental.forum_notifications.length).toBeGreaterThan(100);
    expect(incremental.forum_notifications.some((row) => JSON.parse(row).read_at !== null)).toBe(true);

    // Every event in one batch, then batches that cut threads midway: the followers of a reply come from the batch itself.
    for (const batchSize of [undefined, 7]) {
      await new ProjectionRebuild(orm, store, forumNotificationsProjection).run({ batchSize });
      expect({ batchSize, tables: await rowsOf(orm, forumNotificationsProjection) }).toEqual({
        batchSize,
        tables: incremental,
      });
    }
  });
});
