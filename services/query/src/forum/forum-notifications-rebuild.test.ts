import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventToAppend } from '@reflections/platform/event-store/event-store';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { seeded } from '@reflections/platform/testing/seeded-random';
import { ProjectionRebuild } from '../projection-engine/projection-rebuild';
import { ProjectorRuntime } from '../projection-engine/projector-runtime';
import { rowsOf, rowsProjectedOneByOne } from '../testing/rebuild-comparison';
import { useStoreAndReadModels } from '../testing/store-and-read-models';
import { forumEvent, postCreated } from '../testing/forum-events';
import { NOTIFICATION_LIST_SIZE } from '@reflections/contracts/forum-notifications';
import { forumNotificationsProjection } from './forum-notifications-projection';
import { forumNotificationsReadModel } from './forum-notifications-read-model';
import { forumProjection } from './forum-projection';

/**
 * Threads where members reply to each other, some joining late, one hidden for a while, with
 * reads between: each reply must notify exactly those who followed its thread before it.
 */
function conversation(): EventToAppend[] {
  const random = seeded(29);
  const members = Array.from({ length: 8 }, () => randomUUID());
  const posts = Array.from({ length: 5 }, () => randomUUID());
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();
  const events: EventToAppend[] = posts.map((postId, i) => postCreated(postId, members[i], at(i)));
  const replies: string[] = [];
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
    else if (minute % 11 === 0)
      events.push(
        forumEvent('NotificationsRead', {
          memberId: random.pick(members),
          notificationId: random.pick(replies),
          readAt: at(minute),
        }),
      );
    else
      events.push(
        forumEvent('ReplyAdded', {
          postId,
          replyId: replies[replies.push(randomUUID()) - 1],
          content: 'A reply',
          isAnonymous: random.next() < 0.2,
          authorId: random.pick(members),
          createdAt: at(minute),
        }),
      );
  }
  return events;
}

type Expected = { id: string; createdAt: string; read: boolean };

/**
 * What one notification row per follower of each reply gave before issue 29: a reply to a
 * thread not hidden notifies those who followed it before (its author, earlier repliers)
 * except its writer; "mark all" reads those there at its time, one read its own if there.
 */
function notificationsOneRowEach(events: readonly EventToAppend[]): Map<string, Expected[]> {
  const followers = new Map<string, string[]>();
  const hidden = new Set<string>();
  const notifications = new Map<string, Expected[]>();
  const of = (member: string) => notifications.get(member) ?? notifications.set(member, []).get(member)!;
  for (const { type, data } of events as readonly { type: string; data: Record<string, string> }[]) {
    if (type === 'PostCreated') followers.set(data.postId, [data.authorId]);
    else if (type === 'PostHidden') hidden.add(data.postId);
    else if (type === 'PostRestored') hidden.delete(data.postId);
    else if (type === 'ReplyAdded') {
      const following = followers.get(data.postId)!;
      if (!hidden.has(data.postId))
        for (const member of following.filter((m) => m !== data.authorId))
          of(member).push({ id: data.replyId, createdAt: data.createdAt, read: false });
      if (!following.includes(data.authorId)) following.push(data.authorId);
    } else if (type === 'NotificationsRead')
      for (const n of of(data.memberId))
        if (data.notificationId ? n.id === data.notificationId : n.createdAt <= data.readAt) n.read = true;
  }
  return notifications;
}

describe('rebuilding forum notifications', () => {
  let store: PostgresEventStore;
  let orm: MikroORM;
  useStoreAndReadModels((opened) => ({ store, orm } = opened));

  it('notifies of each reply exactly those who followed its thread before it, as projecting one event at a time did, whatever the batches', async () => {
    // One event per batch: every follower a reply notifies is already in the table.
    const incremental = await rowsProjectedOneByOne(orm, store, forumNotificationsProjection, conversation(), 'forum');
    // The hidden thread's replies, and reads of both kinds, so a batch that mistook either would show.
    expect(incremental.forum_silent_replies.length).toBeGreaterThan(0);
    expect(incremental.forum_notifications_read_upto.length).toBeGreaterThan(0);
    expect(incremental.forum_notification_reads.length).toBeGreaterThan(0);

    // Every event in one batch, then batches that cut threads midway: the followers of a reply come from the batch itself.
    for (const batchSize of [undefined, 7]) {
      await new ProjectionRebuild(orm, store, forumNotificationsProjection).run({ batchSize });
      expect({ batchSize, tables: await rowsOf(orm, forumNotificationsProjection) }).toEqual({
        batchSize,
        tables: incremental,
      });
    }
  });

  it('derives for each member the notifications one row per follower of each reply gave, with the same reads', async () => {
    const events = conversation();
    const runtime = new ProjectorRuntime(orm, store);
    await runtime.start([forumProjection, forumNotificationsProjection]);
    const { position } = await store.appendToStream(`forum-${randomUUID()}`, events);
    expect(await runtime.waitFor(position, 30_000)).toBe(true);
    await runtime.stop();
    const expected = notificationsOneRowEach(events);
    const reads = forumNotificationsReadModel(orm);
    const members = [...expected.keys()];
    expect(members.length).toBeGreaterThan(5);
    const counts = await reads.unreadCounts(members);
    for (const member of members) {
      const mine = expected.get(member)!.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const { unread, notifications } = await reads.list(member);
      expect({
        member,
        unread,
        counted: counts.get(member) ?? 0,
        list: notifications.map((n) => [n.id, n.read]),
      }).toEqual({
        member,
        unread: mine.filter((n) => !n.read).length,
        counted: mine.filter((n) => !n.read).length,
        list: mine.slice(0, NOTIFICATION_LIST_SIZE).map((n) => [n.id, n.read]),
      });
    }
    // Members replying late and reading both ways: a follow dated wrong or a read misapplied would show.
    expect([...expected.values()].flat().length).toBeGreaterThan(100);
    expect([...expected.values()].flat().some((n) => n.read)).toBe(true);
    expect([...expected.values()].flat().some((n) => !n.read)).toBe(true);
  });
});
