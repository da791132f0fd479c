import type { EntityManager } from '@mikro-orm/postgresql';
import { READ_MODELS } from '@reflections/contracts/admin';
import { PostCreated, ReplyAdded } from '@reflections/contracts/forum';
import { CrisisResourcesShown, JournalEntrySubmitted, RaiReplyGenerated } from '@reflections/contracts/rai';
import {
  CrisisBannerDismissed,
  StoryCompleted,
  StoryResponseSubmitted,
  StorySessionStarted,
} from '@reflections/contracts/story';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import { EntityBatch } from '../projection-engine/entity-batch';
import { ANY_JSON_UUIDS } from '../projection-engine/bound-query';
import { dataOf } from '../projection-engine/event-data';
import { HOLD_LIMIT, heldMergedRows, writeMergedRows } from '../projection-engine/held-merged-rows';
import { MergedRows } from '../projection-engine/merged-rows';
import { readModelProjection } from '../projection-engine/read-model-projection';
import { MemberSession } from './admin-read-models.entity';
import { utcDay } from './utc-day';

/** Entries closer together than this belong to one sitting with RAI. */
export const SITTING_GAP_MINUTES = 30;
const SITTING_GAP_MS = SITTING_GAP_MINUTES * 60_000;

export const COUNTERS = { journalEntries: 'journal_entries', forumPosts: 'forum_posts' } as const;

const TABLES = {
  member_activity: {
    columns: { user_id: 'uuid', day: 'date', kind: 'text' },
    key: ['user_id', 'day', 'kind'],
    combine: 'latest',
  },
  activity_counters: { columns: { name: 'text', value: 'integer' }, key: ['name'], combine: 'sum' },
  crisis_days: { columns: { day: 'date', count: 'integer' }, key: ['day'], combine: 'sum' },
  // Where: journal, chat, story, forum, rai (before journal and chat were told apart), or `dismissed` (a story banner taken down).
  crisis_places: { columns: { day: 'date', place: 'text', count: 'integer' }, key: ['day', 'place'], combine: 'sum' },
} as const;

/**
 * A batch's sessions, and each member's latest sitting with RAI (the only one a new entry
 * or reply can extend), loaded with one query; counts and active days merged in memory.
 */
class PulseBatch {
  readonly rows = new MergedRows(TABLES);
  readonly sessions: EntityBatch<MemberSession>;
  private readonly latestSitting = new Map<string, MemberSession>();

  constructor(em: EntityManager) {
    this.sessions = new EntityBatch(em, MemberSession);
  }

  async load(em: EntityManager, events: readonly RecordedEvent[]) {
    const ids = new Set<string>();
    const members = new Set<string>();
    for (const { type, data } of events) {
      const { entryId, sessionId, userId } = data as { entryId?: string; sessionId?: string; userId?: string };
      if (type === 'JournalEntrySubmitted') ids.add(`chat:${entryId}`);
      if (type.startsWith('Story')) ids.add(`story:${sessionId}`);
      if ((type === 'JournalEntrySubmitted' || type === 'RaiReplyGenerated') && typeof userId === 'string')
        members.add(userId);
    }
    await this.sessions.load(
      em,
      Array.from(ids, (id) => ({ id })),
    );
    if (members.size === 0) return;
    const latest = await this.sessions.loadWhere(
      em,
      `t.id IN (SELECT DISTINCT ON (user_id) id FROM member_sessions WHERE kind = 'chat' AND user_id = ${ANY_JSON_UUIDS}
                ORDER BY user_id, last_at DESC, id DESC)`,
      [JSON.stringify([...members])],
    );
    for (const sitting of latest) this.latestSitting.set(sitting.userId, sitting);
  }

  noteActivity(userId: string, at: string, kind: string) {
    this.rows.add('member_activity', { user_id: userId, day: utcDay(at), kind });
  }

  /** Extends the member's latest sitting when it ended less than the gap before `at`; true if there was one. */
  extendSitting(userId: string, at: string): boolean {
    const latest = this.latestSitting.get(userId);
    const when = new Date(at);
    if (!latest || latest.lastAt.getTime() < when.getTime() - SITTING_GAP_MS) return false;
    this.sessions.update(latest, (sitting) => (sitting.lastAt = laterOf(sitting.lastAt, when)));
    return true;
  }

  startSession(id: string, userId: string, kind: 'chat' | 'story', at: string) {
    if (this.sessions.get({ id })) return;
    const session = { id, userId, kind, startedAt: new Date(at), lastAt: new Date(at) };
    this.sessions.insert(session);
    const latest = this.latestSitting.get(userId);
    if (
      kind === 'chat' &&
      (!latest ||
        latest.lastAt < session.lastAt ||
        (latest.lastAt.getTime() === session.lastAt.getTime() && latest.id < id))
    )
      this.latestSitting.set(userId, session);
  }

  /** A story session runs from its start to its latest response or completion. */
  touchStory(sessionId: string, at: string) {
    this.sessions.update(
      { id: `story:${sessionId}` },
      (session) => (session.lastAt = laterOf(session.lastAt, new Date(at))),
    );
  }

  /** A rebuild holds the merged rows to the end (see held-merged-rows.ts); sessions are written as they go, as their loads read them. */
  write(em: EntityManager) {
    return writeMergedRows(em, READ_MODELS.pulse, this.rows, {
      tables: TABLES,
      limit: HOLD_LIMIT,
      others: this.sessions.statements(),
    });
  }
}

const laterOf = (a: Date, b: Date) => (b > a ? b : a);

/**
 * Community pulse and crisis count. Timestamps come from the events, never the clock,
 * so a rebuild gives the same rows; time windows are applied when the figures are read.
 */
export const pulseProjection = readModelProjection({
  name: READ_MODELS.pulse,
  tables: ['member_activity', 'activity_counters', 'member_sessions', 'crisis_days', 'crisis_places'],
  indexesForReplay: ['member_sessions_user'],
  heldRows: heldMergedRows(READ_MODELS.pulse, TABLES),
  keyedAfterRows: Object.keys(TABLES),
  rows: (em) => new PulseBatch(em),
  load: (pulse, em, events) => pulse.load(em, events),
  handlers: {
    JournalEntrySubmitted: (pulse, event) => {
      const data = dataOf(JournalEntrySubmitted, event);
      pulse.noteActivity(data.userId, data.submittedAt, 'journal');
      pulse.rows.add('activity_counters', { name: COUNTERS.journalEntries, value: 1 });
      if (!pulse.extendSitting(data.userId, data.submittedAt))
        pulse.startSession(`chat:${data.entryId}`, data.userId, 'chat', data.submittedAt);
    },
    RaiReplyGenerated: (pulse, event) => {
      const data = dataOf(RaiReplyGenerated, event);
      pulse.extendSitting(data.userId, data.generatedAt);
    },
    StorySessionStarted: (pulse, event) => {
      const data = dataOf(StorySessionStarted, event);
      pulse.noteActivity(data.userId, data.startedAt, 'story');
      pulse.startSession(`story:${data.sessionId}`, data.userId, 'story', data.startedAt);
    },
    StoryResponseSubmitted: (pulse, event) => {
      const data = dataOf(StoryResponseSubmitted, event);
      pulse.noteActivity(data.userId, data.submittedAt, 'story');
      pulse.touchStory(data.sessionId, data.submittedAt);
    },
    StoryCompleted: (pulse, event) => {
      const data = dataOf(StoryCompleted, event);
      pulse.noteActivity(data.userId, data.completedAt, 'story');
      pulse.touchStory(data.sessionId, data.completedAt);
    },
    PostCreated: (pulse, event) => {
      const data = dataOf(PostCreated, event);
      pulse.noteActivity(data.authorId, data.createdAt, 'forum');
      pulse.rows.add('activity_counters', { name: COUNTERS.forumPosts, value: 1 });
    },
    ReplyAdded: (pulse, event) => {
      const data = dataOf(ReplyAdded, event);
      pulse.noteActivity(data.authorId, data.createdAt, 'forum');
    },
    CrisisResourcesShown: (pulse, event) => {
      const data = dataOf(CrisisResourcesShown, event);
      pulse.rows.add('crisis_days', { day: utcDay(data.shownAt), count: 1 });
      pulse.rows.add('crisis_places', { day: utcDay(data.shownAt), place: data.where, count: 1 });
    },
    CrisisBannerDismissed: (pulse, event) => {
      const data = dataOf(CrisisBannerDismissed, event);
      pulse.rows.add('crisis_places', { day: utcDay(data.dismissedAt), place: 'dismissed', count: 1 });
    },
  },
});
