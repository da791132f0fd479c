import type { EntityManager } from '@mikro-orm/postgresql';
import { READ_MODELS } from '@reflections/contracts/admin';
import { PostCreated, ReplyAdded } from '@reflections/contracts/forum';
import { CrisisResourcesShown, JournalEntrySubmitted, RaiReplyGenerated } from '@reflections/contracts/rai';
import { StoryCompleted, StoryResponseSubmitted, StorySessionStarted } from '@reflections/contracts/story';
import { dataOf } from '../infra/event-data';
import type { Projector } from '../infra/projector';
import { utcDay } from './utc-day';

/** Entries closer together than this belong to one sitting with RAI. */
export const SITTING_GAP_MINUTES = 30;

const noteActivity = (em: EntityManager, userId: string, at: string, kind: string) =>
  em.execute('INSERT INTO member_activity (user_id, day, kind) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [userId, utcDay(at), kind]);

const count = (em: EntityManager, name: string) =>
  em.execute('INSERT INTO activity_counters (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = activity_counters.value + 1', [name]);

/** Extends the member's latest sitting when it ended less than the gap before `at`; true if there was one. */
async function extendSitting(em: EntityManager, userId: string, at: string): Promise<boolean> {
  const updated = await em.execute<{ id: string }[]>(
    `UPDATE member_sessions SET last_at = greatest(last_at, ?::timestamptz)
     WHERE id = (SELECT id FROM member_sessions WHERE user_id = ? AND kind = 'chat' AND last_at >= ?::timestamptz - interval '${SITTING_GAP_MINUTES} minutes'
                 ORDER BY last_at DESC LIMIT 1)
     RETURNING id`,
    [at, userId, at],
  );
  return updated.length > 0;
}

/** A story session runs from its start to its latest response or completion. */
const touchStory = (em: EntityManager, sessionId: string, at: string) =>
  em.execute('UPDATE member_sessions SET last_at = greatest(last_at, ?::timestamptz) WHERE id = ?', [at, `story:${sessionId}`]);

export const COUNTERS = { journalEntries: 'journal_entries', forumPosts: 'forum_posts' } as const;

/**
 * Community pulse and crisis count. Timestamps come from the events, never the clock,
 * so a rebuild gives the same rows; time windows are applied when the figures are read.
 */
export const pulseProjection: Projector = {
  name: READ_MODELS.pulse,
  tables: ['member_activity', 'activity_counters', 'member_sessions', 'crisis_days'],
  handlers: {
    JournalEntrySubmitted: async (em, event) => {
      const data = dataOf(JournalEntrySubmitted, event);
      await noteActivity(em, data.userId, data.submittedAt, 'journal');
      await count(em, COUNTERS.journalEntries);
      if (!(await extendSitting(em, data.userId, data.submittedAt))) {
        await em.execute(
          `INSERT INTO member_sessions (id, user_id, kind, started_at, last_at) VALUES (?, ?, 'chat', ?, ?) ON CONFLICT (id) DO NOTHING`,
          [`chat:${data.entryId}`, data.userId, data.submittedAt, data.submittedAt],
        );
      }
    },
    RaiReplyGenerated: async (em, event) => {
      const data = dataOf(RaiReplyGenerated, event);
      await extendSitting(em, data.userId, data.generatedAt);
    },
    StorySessionStarted: async (em, event) => {
      const data = dataOf(StorySessionStarted, event);
      await noteActivity(em, data.userId, data.startedAt, 'story');
      await em.execute(
        `INSERT INTO member_sessions (id, user_id, kind, started_at, last_at) VALUES (?, ?, 'story', ?, ?) ON CONFLICT (id) DO NOTHING`,
        [`story:${data.sessionId}`, data.userId, data.startedAt, data.startedAt],
      );
    },
    StoryResponseSubmitted: async (em, event) => {
      const data = dataOf(StoryResponseSubmitted, event);
      await noteActivity(em, data.userId, data.submittedAt, 'story');
      await touchStory(em, data.sessionId, data.submittedAt);
    },
    StoryCompleted: async (em, event) => {
      const data = dataOf(StoryCompleted, event);
      await noteActivity(em, data.userId, data.completedAt, 'story');
      await touchStory(em, data.sessionId, data.completedAt);
    },
    PostCreated: async (em, event) => {
      const data = dataOf(PostCreated, event);
      await noteActivity(em, data.authorId, data.createdAt, 'forum');
      await count(em, COUNTERS.forumPosts);
    },
    ReplyAdded: async (em, event) => {
      const data = dataOf(ReplyAdded, event);
      await noteActivity(em, data.authorId, data.createdAt, 'forum');
    },
    CrisisResourcesShown: async (em, event) => {
      const data = dataOf(CrisisResourcesShown, event);
      await em.execute('INSERT INTO crisis_days (day, count) VALUES (?, 1) ON CONFLICT (day) DO UPDATE SET count = crisis_days.count + 1', [utcDay(data.shownAt)]);
    },
  },
};
