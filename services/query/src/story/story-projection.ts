import { StoryCompleted, StoryResponseSubmitted, StorySessionStarted } from '@reflections/contracts/story';
import { EntityBatch, perBatch } from '../infra/entity-batch';
import { dataOf } from '../infra/event-data';
import type { Projector } from '../infra/projector';
import { StorySessionRow } from './story-session.entity';

const sessions = perBatch((em) => new EntityBatch(em, StorySessionRow));

/** story_sessions: each member's stories, step by step. */
export const storyProjection: Projector = {
  name: 'story',
  tables: ['story_sessions'],
  // The sessions a batch touches, loaded with one query; one statement writes them all.
  beforeBatch: async (em, events) => {
    await sessions.start(em).load(em, events.map((event) => ({ id: (event.data as { sessionId: string }).sessionId })));
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
  },
};
