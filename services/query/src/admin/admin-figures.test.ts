import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PostgresEventStore } from '@reflections/platform/event-store/postgres-event-store';
import { type ProjectorsForTest, projectorsForTest } from '@reflections/testing/projectors-for-test';
import { usersProjection } from '../auth/users-projection';
import type { ProjectorRuntime } from '../projection-engine/projector-runtime';
import { adminStats, communityPulse, crisisCountThisWeek, crisisDetections, membershipTrends } from './admin-figures';
import { membershipProjection } from './membership-projection';
import { pulseProjection } from './pulse-projection';

const metadata = { causedBy: null, correlationId: 'test', schemaVersion: 1 };
const now = new Date('2026-11-20T12:00:00Z');

describe('admin figures from given events', () => {
  let store: PostgresEventStore;
  let orm: MikroORM;
  let runtime: ProjectorRuntime;
  let fixture: ProjectorsForTest;

  beforeEach(async () => {
    fixture = await projectorsForTest([usersProjection, membershipProjection, pulseProjection]);
    ({ store, orm, runtime } = fixture);
  });
  afterEach(async () => {
    await fixture.close();
  });

  const given = async (...events: { stream: string; type: string; data: Record<string, unknown> }[]) => {
    let last = null;
    for (const event of events)
      last = await store.appendToStream(event.stream, [
        { id: randomUUID(), type: event.type, data: event.data, metadata },
      ]);
    if (last) await runtime.waitFor(last.position, 5000);
  };
  const registered = (userId: string, at: string) => ({
    stream: `user-${userId}`,
    type: 'UserRegistered',
    data: {
      userId,
      email: `${userId}@example.com`,
      firstName: 'Sam',
      lastName: '',
      passwordHash: 'x',
      answers: null,
      archetype: 'warrior',
      membershipType: 'free',
      registeredAt: at,
    },
  });
  const changed = (userId: string, membershipType: string, at: string) => ({
    stream: `user-${userId}`,
    type: 'MembershipChanged',
    data: { userId, membershipType, at },
  });
  const loggedIn = (userId: string, at: string) => ({
    stream: `user-${userId}`,
    type: 'UserLoggedIn',
    data: { userId, at },
  });
  const entry = (userId: string, at: string, source = 'rai-chat') => {
    const entryId = randomUUID();
    return {
      stream: `journal-${userId}`,
      type: 'JournalEntrySubmitted',
      data: { entryId, userId, source, text: 'words', prompt: null, mood: null, submittedAt: at },
    };
  };
  const reply = (userId: string, at: string) => ({
    stream: `journal-${userId}`,
    type: 'RaiReplyGenerated',
    data: {
      entryId: randomUUID(),
      userId,
      reply: 'r',
      mood: 'calm',
      insights: [],
      responder: 'offline',
      crisis: false,
      generatedAt: at,
    },
  });
  const crisis = (at: string) => ({
    stream: `journal-${randomUUID()}`,
    type: 'CrisisResourcesShown',
    data: { where: 'rai', shownAt: at },
  });

  it('counts members by tier as of each day, one entry per day up to today', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await given(
      registered(a, '2026-11-17T09:00:00Z'),
      registered(b, '2026-11-17T23:59:00Z'),
      changed(a, 'premium', '2026-11-18T10:00:00Z'),
      registered(c, '2026-11-19T08:00:00Z'),
      changed(b, 'vip', '2026-11-19T09:00:00Z'),
      changed(a, 'vip', '2026-11-19T10:00:00Z'),
      changed(a, 'vip', '2026-11-19T11:00:00Z'),
    );
    expect(await membershipTrends(orm.em.fork(), now)).toEqual([
      { date: '2026-11-17', free: 2, premium: 0, vip: 0 },
      { date: '2026-11-18', free: 1, premium: 1, vip: 0 },
      { date: '2026-11-19', free: 1, premium: 0, vip: 2 },
      { date: '2026-11-20', free: 1, premium: 0, vip: 2 },
    ]);
  });

  it('answers the last 30 days with the counts carried in from before them', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await given(
      registered(a, '2026-09-01T09:00:00Z'),
      changed(a, 'premium', '2026-10-01T09:00:00Z'),
      registered(b, '2026-11-20T09:00:00Z'),
    );
    const trends = await membershipTrends(orm.em.fork(), now);
    expect(trends).toHaveLength(30);
    expect(trends[0]).toEqual({ date: '2026-10-22', free: 0, premium: 1, vip: 0 });
    expect(trends[29]).toEqual({ date: '2026-11-20', free: 1, premium: 1, vip: 0 });
  });

  it('counts users by tier and those active in the last 30 days', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await given(
      registered(a, '2026-08-01T09:00:00Z'),
      registered(b, '2026-08-01T09:00:00Z'),
      loggedIn(b, '2026-11-01T09:00:00Z'),
      registered(c, '2026-11-19T09:00:00Z'),
      changed(c, 'vip', '2026-11-19T10:00:00Z'),
    );
    expect(await adminStats(orm.em.fork(), now)).toEqual({
      totalUsers: 3,
      activeUsers: 2,
      freeUsers: 2,
      premiumUsers: 0,
      vipUsers: 1,
    });
  });

  it('computes the community pulse and the crisis count from journal activity', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await given(
      // a: one sitting of 10 minutes (entry, reply 2 min later, entry 8 min after that) within the week
      entry(a, '2026-11-19T20:00:00Z'),
      reply(a, '2026-11-19T20:02:00Z'),
      entry(a, '2026-11-19T20:10:00Z'),
      // b: two sittings 2 hours apart, each a single entry answered after 1 minute, 20 days ago
      entry(b, '2026-10-31T08:00:00Z', 'guided-journal'),
      reply(b, '2026-10-31T08:01:00Z'),
      entry(b, '2026-10-31T10:00:00Z', 'guided-journal'),
      reply(b, '2026-10-31T10:01:00Z'),
      // c: long ago, outside every window
      entry(c, '2026-08-01T10:00:00Z'),
      crisis('2026-11-20T01:00:00Z'),
      crisis('2026-11-14T23:00:00Z'),
      crisis('2026-11-13T23:00:00Z'),
    );
    expect(await communityPulse(orm.em.fork(), now)).toEqual({
      weeklyEngagement: 1,
      activeJournalers: 2,
      totalJournalEntries: 5,
      totalForumPosts: 0,
      activeForumUsers: 0,
      // (600 + 60 + 60) / 3
      avgSessionDuration: 240,
    });
    expect(await crisisCountThisWeek(orm.em.fork(), now)).toBe(2);
  });

  it('counts crisis detections per day and where, and the story banners taken down, without any words', async () => {
    const shown = (where: string, at: string) => ({
      stream: where === 'story' ? `story-${randomUUID()}` : `journal-${randomUUID()}`,
      type: 'CrisisResourcesShown',
      data: { where, shownAt: at },
    });
    const dismissed = (at: string) => ({
      stream: `story-${randomUUID()}`,
      type: 'CrisisBannerDismissed',
      data: { sessionId: randomUUID(), userId: randomUUID(), dismissedAt: at },
    });
    await given(
      shown('journal', '2026-11-20T01:00:00Z'),
      shown('chat', '2026-11-20T02:00:00Z'),
      shown('chat', '2026-11-20T03:00:00Z'),
      shown('story', '2026-11-19T22:00:00Z'),
      dismissed('2026-11-19T22:05:00Z'),
      shown('forum', '2026-11-07T12:00:00Z'),
      shown('rai', '2026-11-10T12:00:00Z'),
      // Before the 14 days.
      shown('chat', '2026-11-06T12:00:00Z'),
    );
    const { days } = await crisisDetections(orm.em.fork(), now);
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({ day: '2026-11-07', journal: 0, chat: 0, story: 0, forum: 1, rai: 0, dismissed: 0 });
    expect(days.find((d) => d.day === '2026-11-10')).toMatchObject({ rai: 1 });
    expect(days.slice(-2)).toEqual([
      { day: '2026-11-19', journal: 0, chat: 0, story: 1, forum: 0, rai: 0, dismissed: 1 },
      { day: '2026-11-20', journal: 1, chat: 2, story: 0, forum: 0, rai: 0, dismissed: 0 },
    ]);
    expect(await crisisCountThisWeek(orm.em.fork(), now)).toBe(4);
  });

  it('gives the same figures after a rebuild from the log', async () => {
    const a = randomUUID();
    await given(
      registered(a, '2026-11-18T09:00:00Z'),
      changed(a, 'premium', '2026-11-19T09:00:00Z'),
      entry(a, '2026-11-19T20:00:00Z'),
      reply(a, '2026-11-19T20:05:00Z'),
    );
    const before = [await membershipTrends(orm.em.fork(), now), await communityPulse(orm.em.fork(), now)];
    await runtime.rebuild(membershipProjection.name);
    await runtime.rebuild(pulseProjection.name);
    expect([await membershipTrends(orm.em.fork(), now), await communityPulse(orm.em.fork(), now)]).toEqual(before);
  });

  it('counts forum posts, forum members and story sessions in the pulse', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const post = (authorId: string, at: string) => {
      const postId = randomUUID();
      return {
        stream: `forumPost-${postId}`,
        type: 'PostCreated',
        data: {
          postId,
          board: 'campfire',
          categoryId: 1,
          category: 'general',
          title: 'A title',
          content: 'Some content here.',
          isAnonymous: true,
          authorId,
          createdAt: at,
        },
      };
    };
    const replyTo = (authorId: string, at: string) => ({
      stream: `forumPost-${randomUUID()}`,
      type: 'ReplyAdded',
      data: {
        postId: randomUUID(),
        replyId: randomUUID(),
        content: 'A reply.',
        isAnonymous: false,
        authorId,
        createdAt: at,
      },
    });
    const sessionId = randomUUID();
    await given(
      post(a, '2026-11-19T10:00:00Z'),
      post(a, '2026-10-01T10:00:00Z'),
      replyTo(b, '2026-11-01T10:00:00Z'),
      {
        stream: `story-${sessionId}`,
        type: 'StorySessionStarted',
        data: { sessionId, userId: b, firstPrompt: 'p', startedAt: '2026-11-18T10:00:00Z' },
      },
      {
        stream: `story-${sessionId}`,
        type: 'StoryResponseSubmitted',
        data: { sessionId, userId: b, step: 1, response: 'r', nextPrompt: 'q', submittedAt: '2026-11-18T10:03:00Z' },
      },
      {
        stream: `story-${sessionId}`,
        type: 'StoryCompleted',
        data: { sessionId, userId: b, storyText: 's', sessionDuration: 300, completedAt: '2026-11-18T10:05:00Z' },
      },
    );
    expect(await communityPulse(orm.em.fork(), now)).toEqual({
      weeklyEngagement: 2,
      activeJournalers: 0,
      totalJournalEntries: 0,
      totalForumPosts: 2,
      activeForumUsers: 2,
      avgSessionDuration: 300,
    });
  });
});
