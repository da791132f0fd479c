import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import { createTestDatabase } from '@reflections/platform/testing/test-database';
import { applyEvents } from '../projection-engine/apply-events';
import { openReadModels } from '../projections';
import { forumProjection } from './forum-projection';

const metadata = { causedBy: null, correlationId: 'test', schemaVersion: 1 };

/** A forum's life in which new posts and replies are interleaved with moderation that reads them back. */
function forumEvents(): RecordedEvent[] {
  const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
  const [sam, alex, admin] = [randomUUID(), randomUUID(), randomUUID()];
  const replies = Array.from({ length: 5 }, () => randomUUID());
  const reportId = randomUUID();
  let minute = 0;
  const at = () => new Date(Date.UTC(2026, 10, 1, 12, minute++)).toISOString();
  const post = (postId: string, authorId: string, isAnonymous: boolean) => ({
    type: 'PostCreated',
    data: {
      postId,
      board: 'campfire',
      categoryId: 1,
      category: 'inner-reflection',
      title: 'A title',
      content: 'Words a member wrote tonight.',
      isAnonymous,
      authorId,
      createdAt: at(),
    },
  });
  const reply = (postId: string, replyId: string, authorId: string, isAnonymous: boolean) => ({
    type: 'ReplyAdded',
    data: { postId, replyId, content: 'Thank you for this.', isAnonymous, authorId, createdAt: at() },
  });
  const byAdmin = (postId: string) => ({ postId, adminId: admin, at: at(), reason: '' });
  const reaction = (type: string, postId: string, replyId: string | null, memberId: string, isAnonymous = false) => ({
    type,
    data: {
      postId,
      replyId,
      kind: 'hear-you',
      memberId,
      at: at(),
      ...(type === 'ReactionGiven' ? { isAnonymous } : {}),
    },
  });
  const events = [
    post(a, sam, false),
    reaction('ReactionGiven', a, null, alex),
    reply(a, replies[0], alex, false),
    // Given, withdrawn and given again: the row holds the last time and its anonymity.
    reaction('ReactionWithdrawn', a, null, alex),
    reaction('ReactionGiven', a, null, alex, true),
    // Given twice: the first stays.
    reaction('ReactionGiven', a, replies[0], sam),
    reaction('ReactionGiven', a, replies[0], sam, true),
    // Given and withdrawn: nothing stays.
    reaction('ReactionGiven', a, replies[0], admin),
    reaction('ReactionWithdrawn', a, replies[0], admin),
    post(b, alex, true),
    reply(a, replies[1], sam, true),
    reply(a, replies[2], alex, false),
    { type: 'ReplyHidden', data: { ...byAdmin(a), replyId: replies[2] } },
    reply(a, replies[3], sam, true),
    {
      type: 'ContentReported',
      data: { reportId, postId: b, replyId: null, reason: 'spam', reporterId: sam, reportedAt: at() },
    },
    reply(b, replies[4], sam, false),
    { type: 'PostHidden', data: byAdmin(b) },
    { type: 'ReplyRestored', data: { ...byAdmin(a), replyId: replies[2] } },
    post(c, sam, false),
    { type: 'PostPinned', data: byAdmin(c) },
  ];
  return events.map((event, i) => ({
    ...event,
    id: randomUUID(),
    metadata,
    streamName: `forumPost-${event.data.postId}`,
    revision: BigInt(i),
    position: { commit: BigInt(i + 1), prepare: BigInt(i + 1) },
    createdAt: new Date(),
  }));
}

async function rows(orm: MikroORM) {
  const em = orm.em.fork();
  return {
    posts: await em.execute('SELECT * FROM forum_posts ORDER BY id'),
    replies: await em.execute('SELECT * FROM forum_replies ORDER BY id'),
    reports: await em.execute('SELECT * FROM forum_reports ORDER BY id'),
    reactions: await em.execute('SELECT * FROM forum_reactions ORDER BY target_id, member_id'),
  };
}

describe('forum projection', () => {
  let orm: MikroORM;
  beforeAll(async () => {
    orm = await openReadModels(await createTestDatabase());
  });
  afterAll(() => orm.close());

  it('leaves the same rows whether a batch holds one event or every event of a busy evening', async () => {
    const events = forumEvents();
    for (const event of events) await orm.em.fork().transactional((em) => applyEvents(em, forumProjection, [event]));
    const oneByOne = await rows(orm);

    await orm.em.fork().execute('TRUNCATE forum_posts, forum_replies, forum_reports, forum_reactions');
    await orm.em.fork().transactional((em) => applyEvents(em, forumProjection, events));
    const inOneBatch = await rows(orm);

    expect(inOneBatch).toEqual(oneByOne);
    const first = oneByOne.posts.find((p) => p.id === (events[0].data as { postId: string }).postId);
    // Four visible replies, the last of them anonymous: no user id is kept for it.
    expect(first).toMatchObject({ reply_count: 4, last_reply_user_id: null });
    expect(oneByOne.reports).toEqual([expect.objectContaining({ status: 'actioned' })]);
    expect(oneByOne.reactions).toHaveLength(2);
    expect(oneByOne.reactions).toEqual(
      expect.arrayContaining([expect.objectContaining({ target_id: first!.id, is_anonymous: true })]),
    );
    expect(oneByOne.reactions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target_id: (events[2].data as { replyId: string }).replyId, is_anonymous: false }),
      ]),
    );
  });
});
