import type { StorySessionView } from '@reflections/contracts/story';
import type { StorySession } from './story-decider';

export const toStoryView = (session: StorySession): StorySessionView => ({
  id: session.sessionId,
  sessionStatus: session.status === 'none' ? 'started' : session.status,
  currentStep: session.currentStep,
  aiPrompts: [...session.prompts],
  userResponses: [...session.responses],
  completionTimestamp: session.completedAt,
  storyText: session.storyText,
  sessionDuration: session.sessionDuration,
  startedAt: session.startedAt,
  crisisResources: session.crisisResourcesShown,
});
