import type * as t from 'io-ts';
import {
  STORY_MESSAGES,
  STORY_STEPS,
  type StoryEvent,
  type StorySessionStatus,
  StoryStreamEvent,
} from '@reflections/contracts/story';
import { accept, type Decider, type Decision, reject } from '@reflections/platform/command/decider';

export type StorySession = {
  readonly status: 'none' | StorySessionStatus;
  readonly sessionId: string;
  readonly userId: string;
  readonly currentStep: number;
  readonly prompts: readonly string[];
  readonly responses: readonly string[];
  readonly startedAt: string;
  readonly completedAt: string | null;
  readonly storyText: string | null;
  readonly sessionDuration: number | null;
  readonly crisisResourcesShown: boolean;
};

export const initialStorySession: StorySession = {
  status: 'none',
  sessionId: '',
  userId: '',
  currentStep: 0,
  prompts: [],
  responses: [],
  startedAt: '',
  completedAt: null,
  storyText: null,
  sessionDuration: null,
  crisisResourcesShown: false,
};

export function evolveStorySession(state: StorySession, event: StoryStreamEvent): StorySession {
  switch (event.type) {
    case 'StorySessionStarted':
      return {
        ...initialStorySession,
        status: 'started',
        sessionId: event.data.sessionId,
        userId: event.data.userId,
        currentStep: 1,
        prompts: [event.data.firstPrompt],
        startedAt: event.data.startedAt,
      };
    case 'StoryResponseSubmitted': {
      const { nextPrompt, response } = event.data;
      return {
        ...state,
        responses: [...state.responses, response],
        ...(nextPrompt === null
          ? {}
          : { status: 'in_progress', currentStep: state.currentStep + 1, prompts: [...state.prompts, nextPrompt] }),
      };
    }
    case 'StoryCompleted':
      return {
        ...state,
        status: 'completed',
        completedAt: event.data.completedAt,
        storyText: event.data.storyText,
        sessionDuration: event.data.sessionDuration,
      };
    case 'CrisisResourcesShown':
      return { ...state, crisisResourcesShown: true };
    case 'CrisisBannerDismissed':
      return { ...state, crisisResourcesShown: false };
  }
}

export type StartStory = { type: 'StartStory'; sessionId: string; userId: string; firstPrompt: string; now: string };
export type SubmitStoryResponse = {
  type: 'SubmitStoryResponse';
  userId: string;
  /** The answers so far plus the new one, as the client sends them. */
  userResponses: readonly string[] | undefined;
  claimedStatus: StorySessionStatus | undefined;
  claimedStep: number | undefined;
  /** The prompt for the step after this one; ignored at the last step. */
  nextPrompt: string;
  /** Whether the member started this story in the page visit that finishes it (docs/product.md#five-minute-story). */
  startedThisVisit: boolean;
  now: string;
};
/** "This isn't about me": the member takes down the crisis banner above his story. */
export type DismissCrisisBanner = { type: 'DismissCrisisBanner'; userId: string; now: string };
export type StoryCommand = StartStory | SubmitStoryResponse | DismissCrisisBanner;

export type StoryRejection =
  | { reason: 'NotFound' }
  | { reason: 'AlreadyStarted' }
  | { reason: 'Completed'; message: string }
  | { reason: 'NoCrisisBanner'; message: string }
  | { reason: 'Invalid'; field: string; message: string };
const invalid = (field: string, message: string) => reject('Invalid', { field, message });

const minutesBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 60_000);

/** docs/product.md#five-minute-story: start at step 1; each answer moves one step on; the fifth completes the story. */
export function decideStory(command: StoryCommand, state: StorySession): Decision<StoryStreamEvent, StoryRejection> {
  if (command.type === 'StartStory') {
    if (state.status !== 'none') return reject('AlreadyStarted');
    const { sessionId, userId, firstPrompt, now } = command;
    return accept({ type: 'StorySessionStarted', data: { sessionId, userId, firstPrompt, startedAt: now } });
  }
  // Someone else's session is indistinguishable from no session.
  if (state.status === 'none' || state.userId !== command.userId) return reject('NotFound');
  if (command.type === 'DismissCrisisBanner') {
    if (!state.crisisResourcesShown) return reject('NoCrisisBanner', { message: STORY_MESSAGES.noCrisisBanner });
    return accept({
      type: 'CrisisBannerDismissed',
      data: { sessionId: state.sessionId, userId: state.userId, dismissedAt: command.now },
    });
  }
  if (state.status === 'completed') return reject('Completed', { message: STORY_MESSAGES.completed });

  const sent = command.userResponses;
  if (sent === undefined || sent.length === state.responses.length)
    return invalid('userResponses', STORY_MESSAGES.answerRequired);
  if (sent.length !== state.responses.length + 1) return invalid('userResponses', STORY_MESSAGES.oneAnswerAtATime);
  if (state.responses.some((answer, i) => answer !== sent[i]))
    return invalid('userResponses', STORY_MESSAGES.answersChanged);

  const last = state.currentStep >= STORY_STEPS;
  const nextStatus: StorySessionStatus = last ? 'completed' : 'in_progress';
  const nextStep = last ? state.currentStep : state.currentStep + 1;
  if (command.claimedStatus !== undefined && command.claimedStatus !== nextStatus)
    return invalid('sessionStatus', STORY_MESSAGES.statusMismatch);
  if (command.claimedStep !== undefined && command.claimedStep !== nextStep)
    return invalid('currentStep', STORY_MESSAGES.stepMismatch);

  const response = sent[sent.length - 1];
  const submitted: StoryEvent = {
    type: 'StoryResponseSubmitted',
    data: {
      sessionId: state.sessionId,
      userId: state.userId,
      step: state.currentStep,
      response,
      nextPrompt: last ? null : command.nextPrompt,
      submittedAt: command.now,
    },
  };
  if (!last) return accept(submitted);
  return accept<StoryEvent>(submitted, {
    type: 'StoryCompleted',
    data: {
      sessionId: state.sessionId,
      userId: state.userId,
      storyText: [...state.responses, response].join('\n\n'),
      sessionDuration: command.startedThisVisit ? Math.max(0, minutesBetween(state.startedAt, command.now)) : null,
      completedAt: command.now,
    },
  });
}

export const storyDecider: Decider<StorySession, StoryCommand, StoryStreamEvent, StoryRejection> = {
  codec: StoryStreamEvent as unknown as t.Type<StoryStreamEvent, unknown, unknown>,
  initialState: initialStorySession,
  evolve: evolveStorySession,
  decide: decideStory,
};
