import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { currentSchemaVersion } from '@reflections/contracts/event-schemas';
import type { EventToAppend } from '@reflections/platform/event-store/event-store';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { seeded } from '@reflections/platform/testing/seeded-random';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { ProjectionRebuild } from '../projection-engine/projection-rebuild';
import { ProjectorRuntime } from '../projection-engine/projector-runtime';
import { openReadModels } from '../projections';
import { rowsOf } from '../testing/rebuild-comparison';
import { forumNotificationsProjection } from './forum-notifications-projection';

const event = (type: string, data: Record<string, unknown>): EventToAppend => ({
  id: randomUUID(),
  type,
  data,
  metadata: { causedBy: null, correlationId: randomUUID(), schemaVersion: currentSchemaVersion(type) },
});

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
    event('PostCreated', {
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
      events.push(event('PostHidden', { postId: posts[0], adminId: members[7], at: at(minute), reason: 'Off topic' }));
    else if (minute === 45)
      events.push(event('PostRestored', { postId: posts[0], adminId: members[7], at: at(minute), reason: 'Fine' }));
    else if (minute % 13 === 0)
      events.push(
        event('NotificationsRead', { memberId: random.pick(members), notificationId: null, readAt: at(minute) }),
      );
    else
      events.push(
        event('ReplyAdded', {
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
  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    store = await PostgresEventStore.connect({ connectionString: databaseUrl });
    orm = await openReadModels(databaseUrl);
  });
  afterAll(async () => {
    await orm.close();
    await store.close();
  });

  it('notifies of each reply exactly those who followed its thread before it, as projecting one event at a time did, whatever the batches', async () => {
    const runtime = new ProjectorRuntime(orm, store);
    await runtime.start([forumNotificationsProjection]);
    // One event per batch: every follower a reply notifies is already in the table.
    for (const one of conversation()) {
      const { position } = await store.appendToStream(`forum-${randomUUID()}`, [one]);
      expect(await runtime.waitFor(position, 30_000)).toBe(true);
    }
    await runtime.stop();
    const incremental = await rowsOf(orm, forumNotificationsProjection);
    // Enough repliers joining threads late, and reads, that a follow dated wrong or missed would show.
    const follows = incremental.forum_thread_followers.map((row) => JSON.parse(row) as { since: string });
    expect(follows.filter((follow) => follow.since !== '-infinity').length).toBeGreaterThan(15);
    expect(incremental.forum_silent_replies.length).toBeGreaterThan(0);
    expect(incremental.forum_notifications_read_upto.length).toBeGreaterThan(0);

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
