import * as t from 'io-ts';
import { type StorySessionView, StoryStreamEvent } from '@reflections/contracts/story';
import { storyStream } from '@reflections/contracts/streams';
import type { AppendResult, EventStore } from '@reflections/platform/event-store/event-store';
import { appendEvents, loadStream } from '../plumbing/command-handler';
import type { CommandContext } from '../plumbing/command-context';
import { decideStory, evolveStorySession, initialStorySession, type StoryCommand, type StoryRejection, type StorySession } from './story-decider';

const StoryStreamCodec = StoryStreamEvent as unknown as t.Type<StoryStreamEvent, unknown, unknown>;

export const loadStorySession = (store: EventStore, sessionId: string, eventIdSeed?: string) =>
  loadStream(store, storyStream(sessionId), { codec: StoryStreamCodec, evolve: evolveStorySession, initialState: initialStorySession }, eventIdSeed);

export type StoryOutcome = { ok: true; state: StorySession; result: AppendResult } | { ok: false; rejection: StoryRejection };

/** Load, decide, append, for one story session. `command` may look at the state first (to fetch the next prompt). */
export async function handleStoryCommand(
  store: EventStore,
  sessionId: string,
  command: (state: StorySession) => Promise<StoryCommand>,
  context: CommandContext,
): Promise<StoryOutcome> {
  const { state, expectedRevision } = await loadStorySession(store, sessionId, context.eventIdSeed);
  const decision = decideStory(await command(state), state);
  if (!decision.ok) return decision;
  const result = await appendEvents(store, storyStream(sessionId), decision.events, context, expectedRevision);
  if (!result) throw new Error('a story decision without events was accepted');
  return { ok: true, state: decision.events.reduce(evolveStorySession, state), result };
}

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
