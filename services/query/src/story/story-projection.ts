import type { EntityManager } from '@mikro-orm/postgresql';
import { StoryCompleted, StoryResponseSubmitted, StorySessionStarted } from '@reflections/contracts/story';
import { dataOf } from '../infra/event-data';
import type { Projector } from '../infra/projector';
import { StorySessionRow } from './story-session.entity';

async function updateSession(em: EntityManager, sessionId: string, change: (row: StorySessionRow) => void) {
  const row = await em.findOne(StorySessionRow, { id: sessionId });
  if (row) change(row);
}

/** story_sessions: each member's stories, step by step. */
export const storyProjection: Projector = {
  name: 'story',
  tables: ['story_sessions'],
  handlers: {
    StorySessionStarted: (em, event) => {
      const data = dataOf(StorySessionStarted, event);
      em.create(StorySessionRow, {
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
      return updateSession(em, data.sessionId, (row) => {
        row.responses = [...row.responses, data.response];
        if (data.nextPrompt === null) return;
        row.status = 'in_progress';
        row.currentStep += 1;
        row.prompts = [...row.prompts, data.nextPrompt];
      });
    },
    StoryCompleted: (em, event) => {
      const data = dataOf(StoryCompleted, event);
      return updateSession(em, data.sessionId, (row) => {
        row.status = 'completed';
        row.completedAt = new Date(data.completedAt);
        row.storyText = data.storyText;
        row.sessionDuration = data.sessionDuration;
      });
    },
  },
};
