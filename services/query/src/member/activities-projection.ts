import type { EntityManager } from '@mikro-orm/postgresql';
import type { UserActivity } from '@reflections/contracts/dashboard';
import { UserLoggedIn, UserRegistered } from '@reflections/contracts/identity-events';
import { PEACE_SECTIONS, PeaceResponseRecorded } from '@reflections/contracts/peace';
import { JournalEntrySubmitted, RaiReplyGenerated, type JournalSource } from '@reflections/contracts/rai';
import { StoryCompleted, StorySessionStarted } from '@reflections/contracts/story';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import { EntityBatch, perBatch } from '../projection-engine/entity-batch';
import { dataOf } from '../projection-engine/event-data';
import type { Projector } from '../projection-engine/projector';
import { MemberActivity } from './member-activity.entity';
import { deletingRowsOf } from '../projection-engine/member-erasure';

const activities = perBatch((em) => new EntityBatch(em, MemberActivity));

const record = (em: EntityManager, event: RecordedEvent, userId: string, kind: UserActivity['kind'], summary: string, at: string) =>
  activities.of(em).insert({ id: event.id, userId, kind, summary, at: new Date(at) });

const WHERE_WRITTEN: Record<JournalSource, string> = {
  'guided-journal': 'You wrote a guided reflection',
  'rai-chat': 'You talked with RAI',
  'ai-test': 'You tried the RAI test page',
};

/** member_activities: what a member did, in their own words-free summary (no journal text is copied here). */
export const activitiesProjection: Projector = {
  name: 'member-activities',
  tables: ['member_activities'],
  forgetMember: deletingRowsOf('member_activities'),
  // Only new rows (one per event): nothing to load, one statement writes a batch's rows.
  beforeBatch: async (em) => void activities.start(em),
  afterBatch: (em) => activities.finish(em)!.write(em),
  handlers: {
    UserRegistered: (em, event) => {
      const data = dataOf(UserRegistered, event);
      record(em, event, data.userId, 'joined', 'You joined Reflections', data.registeredAt);
    },
    UserLoggedIn: (em, event) => {
      const data = dataOf(UserLoggedIn, event);
      record(em, event, data.userId, 'signed-in', 'You signed in', data.at);
    },
    JournalEntrySubmitted: (em, event) => {
      const data = dataOf(JournalEntrySubmitted, event);
      record(em, event, data.userId, 'reflection', WHERE_WRITTEN[data.source], data.submittedAt);
    },
    RaiReplyGenerated: (em, event) => {
      const data = dataOf(RaiReplyGenerated, event);
      record(em, event, data.userId, 'rai-reply', 'RAI answered your reflection', data.generatedAt);
    },
    StorySessionStarted: (em, event) => {
      const data = dataOf(StorySessionStarted, event);
      record(em, event, data.userId, 'story-started', 'You began a five-minute story', data.startedAt);
    },
    StoryCompleted: (em, event) => {
      const data = dataOf(StoryCompleted, event);
      record(em, event, data.userId, 'story-completed', 'You completed your five-minute story', data.completedAt);
    },
    PeaceResponseRecorded: (em, event) => {
      const data = dataOf(PeaceResponseRecorded, event);
      const title = PEACE_SECTIONS.find((s) => s.id === data.section)?.title ?? data.section;
      record(em, event, data.userId, 'peace-answer', `You answered a P.E.A.C.E. question on ${title}`, data.recordedAt);
    },
  },
};
