import * as t from 'io-ts';
import { CrisisResourcesShown } from './rai';
import { boundedText, withFallbackMessage, withMessage } from './validation';

/**
 * The five-minute story (docs/product.md#five-minute-story): five prompts, one answer each. The
 * server runs the state machine; the client sends the payloads of docs/product.md#story-calls and shows the
 * session it gets back.
 */
export const STORY_STEPS = 5;

export const STORY_MESSAGES = {
  answerRequired: 'Please write a few words before you continue.',
  answerTooLong: 'Please keep each answer under 5,000 characters',
  startShape: 'A new story starts at step 1 with no answers',
  oneAnswerAtATime: 'Send the answers so far plus exactly one new answer',
  answersChanged: 'Earlier answers cannot be changed',
  completed: 'This story is already complete',
  stepMismatch: 'currentStep does not match the story',
  statusMismatch: 'sessionStatus does not match the story',
  noCrisisBanner: 'There is no crisis banner on this story',
} as const;

export const MAX_STORY_ANSWER = 5000;

export const StorySessionStatus = t.keyof({ started: null, in_progress: null, completed: null });
export type StorySessionStatus = t.TypeOf<typeof StorySessionStatus>;

/** A session as every call answers it (docs/product.md#story-calls). */
export const StorySessionView = t.type({
  id: t.string,
  sessionStatus: StorySessionStatus,
  currentStep: t.number,
  aiPrompts: t.array(t.string),
  userResponses: t.array(t.string),
  completionTimestamp: t.union([t.string, t.null]),
  storyText: t.union([t.string, t.null]),
  sessionDuration: t.union([t.number, t.null]),
  startedAt: t.string,
  /** An answer held crisis language: the widget shows the crisis resources above the story (docs/product.md#five-minute-story). */
  crisisResources: t.boolean,
});
export type StorySessionView = t.TypeOf<typeof StorySessionView>;

const emptyList = withMessage(
  Object.assign(
    new t.Type<string[], string[], unknown>(
      'EmptyList',
      (u): u is string[] => Array.isArray(u) && u.length === 0,
      (u, c) => (Array.isArray(u) && u.length === 0 ? t.success([]) : t.failure(u, c)),
      t.identity,
    ),
    { type: 'array', maxItems: 0 },
  ),
  STORY_MESSAGES.startShape,
);

/**
 * What the server answered, sent back by a client that echoes the whole session: accepted,
 * never trusted nor stored, and bounded like everything a client sends.
 */
const echoedPrompts = t.array(
  boundedText({ min: 0, max: 10_000, tooShort: 'aiPrompts must be a list of text', label: 'Prompt', trim: false }),
);
const echoedStoryText = t.union([
  boundedText({
    min: 0,
    max: STORY_STEPS * (MAX_STORY_ANSWER + 2),
    tooShort: 'storyText must be text or null',
    label: 'Story',
    trim: false,
  }),
  t.null,
]);
const echoedTimestamp = t.union([
  boundedText({
    min: 0,
    max: 40,
    tooShort: 'completionTimestamp must be text or null',
    label: 'completionTimestamp',
    singleLine: true,
  }),
  t.null,
]);

/**
 * POST /api/five-minute-story/session: the payload for a fresh session. The
 * prompts are the server's to choose, so `aiPrompts` is accepted and not trusted.
 */
export const StartStoryRequest = t.exact(
  t.partial({
    sessionStatus: withMessage(t.literal('started'), STORY_MESSAGES.startShape),
    currentStep: withMessage(t.literal(1), STORY_MESSAGES.startShape),
    aiPrompts: echoedPrompts,
    userResponses: emptyList,
  }),
);
export type StartStoryRequest = t.TypeOf<typeof StartStoryRequest>;

const storyAnswer = boundedText({
  min: 1,
  max: MAX_STORY_ANSWER,
  tooShort: STORY_MESSAGES.answerRequired,
  tooLong: STORY_MESSAGES.answerTooLong,
  label: 'Your answer',
});

/**
 * PUT /api/five-minute-story/session/{id}: any subset of the session's fields (docs/product.md#story-calls).
 * `userResponses` carries the answers so far plus the new one; the other fields, when
 * sent, must agree with what the server's machine decides. `sessionDuration` is only a
 * flag that the story was started in this page visit: the server measures the minutes.
 */
export const UpdateStoryRequest = t.exact(
  t.partial({
    userResponses: withFallbackMessage(t.array(storyAnswer), STORY_MESSAGES.answerRequired),
    sessionStatus: StorySessionStatus,
    currentStep: t.number,
    aiPrompts: echoedPrompts,
    completionTimestamp: echoedTimestamp,
    storyText: echoedStoryText,
    sessionDuration: t.union([t.number, t.null]),
  }),
);
export type UpdateStoryRequest = t.TypeOf<typeof UpdateStoryRequest>;

// ---- Events (stream story-{sessionId}) ----

export const StorySessionStarted = t.type({
  type: t.literal('StorySessionStarted'),
  data: t.type({ sessionId: t.string, userId: t.string, firstPrompt: t.string, startedAt: t.string }),
});
export type StorySessionStarted = t.TypeOf<typeof StorySessionStarted>;

export const StoryResponseSubmitted = t.type({
  type: t.literal('StoryResponseSubmitted'),
  data: t.type({
    sessionId: t.string,
    userId: t.string,
    step: t.number,
    response: t.string,
    /** The prompt of the next step; null after the last. */
    nextPrompt: t.union([t.string, t.null]),
    submittedAt: t.string,
  }),
});
export type StoryResponseSubmitted = t.TypeOf<typeof StoryResponseSubmitted>;

export const StoryCompleted = t.type({
  type: t.literal('StoryCompleted'),
  data: t.type({
    sessionId: t.string,
    userId: t.string,
    storyText: t.string,
    sessionDuration: t.union([t.number, t.null]),
    completedAt: t.string,
  }),
});
export type StoryCompleted = t.TypeOf<typeof StoryCompleted>;

/**
 * "This isn't about me": the member took down the crisis banner an answer of his brought
 * up. No text, so admins can count false alarms beside CrisisResourcesShown. A later
 * answer with crisis language brings the resources back.
 */
export const CrisisBannerDismissed = t.type({
  type: t.literal('CrisisBannerDismissed'),
  data: t.type({ sessionId: t.string, userId: t.string, dismissedAt: t.string }),
});
export type CrisisBannerDismissed = t.TypeOf<typeof CrisisBannerDismissed>;

export const StoryEvent = t.union([StorySessionStarted, StoryResponseSubmitted, StoryCompleted, CrisisBannerDismissed]);
export type StoryEvent = t.TypeOf<typeof StoryEvent>;

/** Everything on a story's stream: its own events, and the crisis resources its answers brought up (`where: 'story'`). */
export const StoryStreamEvent = t.union([
  StorySessionStarted,
  StoryResponseSubmitted,
  StoryCompleted,
  CrisisBannerDismissed,
  CrisisResourcesShown,
]);
export type StoryStreamEvent = t.TypeOf<typeof StoryStreamEvent>;
