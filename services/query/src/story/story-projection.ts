import { READ_MODELS } from '@reflections/contracts/admin';
import {
  CrisisBannerDismissed,
  StoryCompleted,
  StoryResponseSubmitted,
  StorySessionStarted,
} from '@reflections/contracts/story';
import { storyStream } from '@reflections/contracts/streams';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import { dataOf } from '../projection-engine/event-data';
import { entityProjection } from '../projection-engine/read-model-projection';
import { StorySessionSchema } from './story-session.entity';
import { deletingRowsOf } from '../projection-engine/member-erasure';

const STORY_STREAM = storyStream('');

/** The story an event belongs to; null for crisis resources shown elsewhere (RAI, the forum). */
const sessionIdOf = (event: RecordedEvent): string | null =>
  (event.data as { sessionId?: string }).sessionId ??
  (event.streamName.startsWith(STORY_STREAM) ? event.streamName.slice(STORY_STREAM.length) : null);

/** story_sessions: each member's stories, step by step. */
export const storyProjection = entityProjection({
  name: READ_MODELS.story,
  entity: StorySessionSchema,
  keyOf: (event) => {
    const id = sessionIdOf(event);
    return id ? { id } : null;
  },
  forgetMember: deletingRowsOf('story_sessions'),
  handlers: {
    StorySessionStarted: (sessions, event) => {
      const data = dataOf(StorySessionStarted, event);
      sessions.insert({
        id: data.sessionId,
        userId: data.userId,
        status: 'started',
        currentStep: 1,
        prompts: [data.firstPrompt],
        responses: [],
        startedAt: new Date(data.startedAt),
        completedAt: null,
        storyText: null,
        sessionDuration: null,
        crisisResourcesShown: false,
      });
    },
    StoryResponseSubmitted: (sessions, event) => {
      const data = dataOf(StoryResponseSubmitted, event);
      sessions.update({ id: data.sessionId }, (row) => {
        row.responses = [...row.responses, data.response];
        if (data.nextPrompt === null) return;
        row.status = 'in_progress';
        row.currentStep += 1;
        row.prompts = [...row.prompts, data.nextPrompt];
      });
    },
    StoryCompleted: (sessions, event) => {
      const data = dataOf(StoryCompleted, event);
      sessions.update({ id: data.sessionId }, (row) => {
        row.status = 'completed';
        row.completedAt = new Date(data.completedAt);
        row.storyText = data.storyText;
        row.sessionDuration = data.sessionDuration;
      });
    },
    CrisisResourcesShown: (sessions, event) => {
      const id = sessionIdOf(event);
      if (id) sessions.update({ id }, (row) => void (row.crisisResourcesShown = true));
    },
    CrisisBannerDismissed: (sessions, event) => {
      const data = dataOf(CrisisBannerDismissed, event);
      sessions.update({ id: data.sessionId }, (row) => void (row.crisisResourcesShown = false));
    },
  },
});
