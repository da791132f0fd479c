import { READ_MODELS } from '@reflections/contracts/admin';
import type { UserActivity } from '@reflections/contracts/dashboard';
import { UserLoggedIn, UserRegistered } from '@reflections/contracts/identity-events';
import { PEACE_SECTIONS, PeaceResponseRecorded } from '@reflections/contracts/peace';
import { JournalEntrySubmitted, RaiReplyGenerated, type JournalSource } from '@reflections/contracts/rai';
import { StoryCompleted, StorySessionStarted } from '@reflections/contracts/story';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import type { EntityBatch } from '../projection-engine/entity-batch';
import { dataOf } from '../projection-engine/event-data';
import { entityProjection } from '../projection-engine/read-model-projection';
import { type MemberActivity, MemberActivitySchema } from './member-activity.entity';
import { deletingRowsOf } from '../projection-engine/member-erasure';

const record = (
  activities: EntityBatch<MemberActivity>,
  event: RecordedEvent,
  userId: string,
  kind: UserActivity['kind'],
  summary: string,
  at: string,
) => activities.insert({ id: event.id, userId, kind, summary, at: new Date(at) });

const WHERE_WRITTEN: Record<JournalSource, string> = {
  'guided-journal': 'You wrote a guided reflection',
  'rai-chat': 'You talked with RAI',
  'ai-test': 'You tried the RAI test page',
};

/** member_activities: what a member did, in their own words-free summary (no journal text is copied here). */
export const activitiesProjection = entityProjection({
  name: READ_MODELS.memberActivities,
  entity: MemberActivitySchema,
  forgetMember: deletingRowsOf('member_activities'),
  // One row per event, under the event's id: never written twice.
  insertOnlyTables: ['member_activities'],
  handlers: {
    UserRegistered: (activities, event) => {
      const data = dataOf(UserRegistered, event);
      record(activities, event, data.userId, 'joined', 'You joined Reflections', data.registeredAt);
    },
    UserLoggedIn: (activities, event) => {
      const data = dataOf(UserLoggedIn, event);
      record(activities, event, data.userId, 'signed-in', 'You signed in', data.at);
    },
    JournalEntrySubmitted: (activities, event) => {
      const data = dataOf(JournalEntrySubmitted, event);
      record(activities, event, data.userId, 'reflection', WHERE_WRITTEN[data.source], data.submittedAt);
    },
    RaiReplyGenerated: (activities, event) => {
      const data = dataOf(RaiReplyGenerated, event);
      record(activities, event, data.userId, 'rai-reply', 'RAI answered your reflection', data.generatedAt);
    },
    StorySessionStarted: (activities, event) => {
      const data = dataOf(StorySessionStarted, event);
      record(activities, event, data.userId, 'story-started', 'You began a five-minute story', data.startedAt);
    },
    StoryCompleted: (activities, event) => {
      const data = dataOf(StoryCompleted, event);
      record(
        activities,
        event,
        data.userId,
        'story-completed',
        'You completed your five-minute story',
        data.completedAt,
      );
    },
    PeaceResponseRecorded: (activities, event) => {
      const data = dataOf(PeaceResponseRecorded, event);
      const title = PEACE_SECTIONS.find((s) => s.id === data.section)?.title ?? data.section;
      record(
        activities,
        event,
        data.userId,
        'peace-answer',
        `You answered a P.E.A.C.E. question on ${title}`,
        data.recordedAt,
      );
    },
  },
});
