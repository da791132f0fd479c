import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventToAppend } from '@reflections/platform/event-store/event-store';
import { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { seeded } from '@reflections/platform/testing/seeded-random';
import { ProjectionRebuild } from '../projection-engine/projection-rebuild';
import { rowsOf, rowsProjectedOneByOne } from '../testing/rebuild-comparison';
import { forumProjection, forumProjectionCarrying } from './forum-projection';
import { useStoreAndReadModels } from '../testing/store-and-read-models';
import { forumEvent, postCreated } from '../testing/forum-events';
import { ERASED_TEXT } from '@reflections/contracts/personal-data';

/**
 * Threads that live long: replies, reports, edits and moderation of posts and replies written
 * many events before, so a rebuild in small pages must find what its earlier pages wrote.
 */
function longThreads(erasedAt?: number): EventToAppend[] {
  const random = seeded(26);
  const everyone = Array.from({ length: 6 }, () => randomUUID());
  // The author of the second thread, erased at `erasedAt`: from then on the others write.
  let members = everyone;
  const admin = randomUUID();
  const posts = Array.from({ length: 4 }, () => randomUUID());
  const replies: { postId: string; replyId: string }[] = [];
  const reports: { postId: string; reportId: string }[] = [];
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 9, minute)).toISOString();
  const moderation = (postId: string, minute: number) => ({ postId, adminId: admin, at: at(minute), reason: '' });
  const events: EventToAppend[] = posts.map((postId, i) =>
    postCreated(postId, everyone[i], at(i), { title: 'A long thread', isAnonymous: i === 3 }),
  );
  for (let minute = 10; minute < 90; minute++) {
    if (minute === erasedAt) {
      events.push(
        forumEvent('MemberErased', {
          userId: everyone[1],
          erasedBy: everyone[1],
          reason: 'own-request',
          at: at(minute),
        }),
      );
      members = everyone.filter((member) => member !== everyone[1]);
      // Right after it, a reply in his thread: the page after the erasure's changes his post.
      events.push(
        forumEvent('ReplyAdded', {
          postId: posts[1],
          replyId: randomUUID(),
          content: 'Still here',
          isAnonymous: false,
          authorId: everyone[0],
          createdAt: at(minute),
        }),
      );
    }
    const postId = random.pick(posts);
    const roll = random.next();
    if (roll < 0.5 || replies.length < 5) {
      const replyId = randomUUID();
      replies.push({ postId, replyId });
      events.push(
        forumEvent('ReplyAdded', {
          postId,
          replyId,
          content: 'A reply',
          isAnonymous: random.next() < 0.2,
          authorId: random.pick(members),
          createdAt: at(minute),
        }),
      );
    } else if (roll < 0.6) {
      const reportId = randomUUID();
      const reply = random.next() < 0.5 ? random.pick(replies) : null;
      reports.push({ postId: reply?.postId ?? postId, reportId });
      events.push(
        forumEvent('ContentReported', {
          reportId,
          postId: reply?.postId ?? postId,
          replyId: reply?.replyId ?? null,
          reason: 'Unkind',
          reporterId: random.pick(members),
          reportedAt: at(minute),
        }),
      );
    } else if (roll < 0.7) {
      const reply = random.pick(replies);
      events.push(
        forumEvent(random.next() < 0.6 ? 'ReplyHidden' : 'ReplyRestored', {
          ...moderation(reply.postId, minute),
          replyId: reply.replyId,
        }),
      );
    } else if (roll < 0.78)
      events.push(forumEvent(random.pick(['PostHidden', 'PostRestored', 'PostPinned']), moderation(postId, minute)));
    else if (roll < 0.84 && reports.length > 0) {
      const report = random.pick(reports);
      events.push(forumEvent('ReportDismissed', { ...moderation(report.postId, minute), reportId: report.reportId }));
    } else if (roll < 0.92) {
      const reply = random.pick(replies);
      events.push(
        forumEvent('ReplyEdited', {
          postId: reply.postId,
          replyId: reply.replyId,
          content: 'Said better',
          authorId: admin,
          at: at(minute),
        }),
      );
    } else
      events.push(
        forumEvent('PostEdited', {
          postId,
          title: 'Still a long thread',
          content: 'New words',
          authorId: admin,
          at: at(minute),
        }),
      );
  }
  return events;
}

describe('rebuilding the forum', () => {
  let store: PostgresEventStore;
  let orm: MikroORM;
  useStoreAndReadModels((opened) => ({ store, orm } = opened));

  it('leaves the rows projecting one event at a time left, whatever pages the rebuild reads the log in', async () => {
    const incremental = await rowsProjectedOneByOne(orm, store, forumProjection, longThreads(), 'forum');
    // Replies counted, moderated and reported across the whole log, so a row a page failed to find would show.
    expect(incremental.forum_replies.length).toBeGreaterThan(30);
    expect(incremental.forum_reports.some((row) => JSON.parse(row).status !== 'open')).toBe(true);
    expect(incremental.forum_replies.some((row) => JSON.parse(row).edited_at !== null)).toBe(true);

    for (const batchSize of [undefined, 7]) {
      await new ProjectionRebuild(orm, store, forumProjection).run({ batchSize });
      expect({ batchSize, tables: await rowsOf(orm, forumProjection) }).toEqual({ batchSize, tables: incremental });
    }
  });

  // Pages run their handlers while the page before is written, from rows it hands on in memory;
  // forgetting a member with SQL makes those stale, so the page after is tried again from the database.
  it('leaves the same rows when a member is erased midway, whatever pages the rebuild reads the log in', async () => {
    const events = longThreads(50);
    const incremental = await rowsProjectedOneByOne(orm, store, forumProjection, events, 'forum-erased');
    // His thread stays without his words: the erasure is in what is compared.
    expect(incremental.forum_posts.filter((row) => JSON.parse(row).title === ERASED_TEXT)).toHaveLength(1);

    for (const batchSize of [undefined, 7, 3]) {
      await new ProjectionRebuild(orm, store, forumProjection).run({ batchSize });
      expect({ batchSize, tables: await rowsOf(orm, forumProjection) }).toEqual({ batchSize, tables: incremental });
    }
  });

  // Rows are held in memory and written once, after the last page; a member's erasure writes
  // them first, with those of its own page's events before it, so that his words go from all.
  it('forgets a member whose post was created in the page of his erasure, written only then', async () => {
    const [member, other] = [randomUUID(), randomUUID()];
    const [his, theirs] = [randomUUID(), randomUUID()];
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 3, 9, minute)).toISOString();
    const reply = (postId: string, authorId: string, minute: number) =>
      forumEvent('ReplyAdded', {
        postId,
        replyId: randomUUID(),
        content: 'Heard you',
        isAnonymous: false,
        authorId,
        createdAt: at(minute),
      });
    const events = [
      postCreated(theirs, other, at(0), { title: 'Before him' }),
      postCreated(his, member, at(1), { title: 'His thread', content: 'His words' }),
      reply(his, member, 2),
      forumEvent('MemberErased', { userId: member, erasedBy: member, reason: 'own-request', at: at(3) }),
      reply(his, other, 4),
      reply(theirs, other, 5),
    ];
    const incremental = await rowsProjectedOneByOne(orm, store, forumProjection, events, 'forum-erased-same-page');
    const hisPost = (tables: Record<string, string[]>) =>
      tables.forum_posts.map((row) => JSON.parse(row)).find((post) => post.id === his);
    expect(hisPost(incremental)).toMatchObject({ title: ERASED_TEXT, content: ERASED_TEXT, reply_count: 2 });

    for (const batchSize of [undefined, 2, 3, 4]) {
      await new ProjectionRebuild(orm, store, forumProjection).run({ batchSize });
      expect({ batchSize, tables: await rowsOf(orm, forumProjection) }).toEqual({ batchSize, tables: incremental });
    }
  });

  // A row held to the end that the database refuses would fail the whole rebuild there: its
  // page writes the held rows instead, so its event fails its own page and is parked.
  it.each([
    ['post', 'PostCreated'],
    ['reply', 'ReplyAdded'],
  ])('parks an event whose %s the database refuses, as projecting one event at a time does', async (_row, type) => {
    const events = longThreads();
    const refused = randomUUID();
    const at = new Date(Date.UTC(2026, 10, 2, 9, 40)).toISOString();
    const postId = (events[0].data as { postId: string }).postId;
    events.splice(
      40,
      0,
      type === 'PostCreated'
        ? postCreated(refused, 'not-a-member-id', at)
        : forumEvent('ReplyAdded', {
            postId,
            replyId: refused,
            content: 'Refused',
            isAnonymous: false,
            authorId: 'not-a-member-id',
            createdAt: at,
          }),
    );
    const incremental = await rowsProjectedOneByOne(orm, store, forumProjection, events, `forum-refused-${type}`);
    const hasRefused = (tables: Record<string, string[]>) =>
      [...tables.forum_posts, ...tables.forum_replies].some((row) => JSON.parse(row).id === refused);
    expect(hasRefused(incremental)).toBe(false);

    for (const batchSize of [undefined, 7]) {
      const parked: string[] = [];
      await new ProjectionRebuild(orm, store, forumProjection).run({
        batchSize,
        retry: { attempts: 1, firstDelayMs: 1, maxDelayMs: 1 },
        onParked: (failure) => parked.push(failure.event.type),
      });
      // The log holds the earlier cases' events too (one store for the file), and their refused rows.
      expect({ batchSize, parked: parked.includes(type), tables: await rowsOf(orm, forumProjection) }).toEqual({
        batchSize,
        parked: true,
        tables: incremental,
      });
    }
  });

  // Past its limit the carry writes what it holds and the rest of the rebuild reads the database.
  it('leaves the same rows when the rows it holds in memory outgrow their limit midway', async () => {
    const events = longThreads(50);
    const incremental = await rowsProjectedOneByOne(orm, store, forumProjection, events, 'forum-limit');

    for (const batchSize of [undefined, 7, 3]) {
      await new ProjectionRebuild(orm, store, forumProjectionCarrying(20)).run({ batchSize });
      expect({ batchSize, tables: await rowsOf(orm, forumProjection) }).toEqual({ batchSize, tables: incremental });
    }
  });
});
