import { CrisisBannerDismissed, StoryCompleted, StoryResponseSubmitted, StorySessionStarted } from '@reflections/contracts/story';
import { storyStream } from '@reflections/contracts/streams';
import type { RecordedEvent } from '@reflections/platform/event-store/event-store';
import { EntityBatch, perBatch } from '../projection-engine/entity-batch';
import { dataOf } from '../projection-engine/event-data';
import type { Projector } from '../projection-engine/projector';
import { StorySessionRow } from './story-session.entity';
import { deletingRowsOf } from '../projection-engine/member-erasure';

const sessions = perBatch((em) => new EntityBatch(em, StorySessionRow));

const STORY_STREAM = storyStream('');

/** The story an event belongs to; null for crisis resources shown elsewhere (RAI, the forum). */
const sessionIdOf = (event: RecordedEvent): string | null =>
  (event.data as { sessionId?: string }).sessionId ?? (event.streamName.startsWith(STORY_STREAM) ? event.streamName.slice(STORY_STREAM.length) : null);

/** story_sessions: each member's stories, step by step. */
export const storyProjection: Projector = {
  name: 'story',
  tables: ['story_sessions'],
  forgetMember: deletingRowsOf('story_sessions'),
  // The sessions a batch touches, loaded with one query; one statement writes them all.
  beforeBatch: async (em, events) => {
    await sessions.start(em).load(
      em,
      events.flatMap((event) => sessionIdOf(event) ?? []).map((id) => ({ id })),
    );
  },
  afterBatch: (em) => sessions.finish(em)!.write(em),
  handlers: {
    StorySessionStarted: (em, event) => {
      const data = dataOf(StorySessionStarted, event);
      sessions.of(em).insert({
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
    StoryResponseSubmitted: (em, event) => {
      const data = dataOf(StoryResponseSubmitted, event);
      sessions.of(em).update({ id: data.sessionId }, (row) => {
        row.responses = [...row.responses, data.response];
        if (data.nextPrompt === null) return;
        row.status = 'in_progress';
        row.currentStep += 1;
        row.prompts = [...row.prompts, data.nextPrompt];
      });
    },
    StoryCompleted: (em, event) => {
      const data = dataOf(StoryCompleted, event);
      sessions.of(em).update({ id: data.sessionId }, (row) => {
        row.status = 'completed';
        row.completedAt = new Date(data.completedAt);
        row.storyText = data.storyText;
        row.sessionDuration = data.sessionDuration;
      });
    },
    CrisisResourcesShown: (em, event) => {
      const id = sessionIdOf(event);
      if (id) sessions.of(em).update({ id }, (row) => void (row.crisisResourcesShown = true));
    },
    CrisisBannerDismissed: (em, event) => {
      const data = dataOf(CrisisBannerDismissed, event);
      sessions.of(em).update({ id: data.sessionId }, (row) => void (row.crisisResourcesShown = false));
    },
  },
};
