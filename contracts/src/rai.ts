import * as t from 'io-ts';
import { boundedText, withMessage } from './validation';

/**
 * RAI: the member's words, RAI's replies, and the AI worker's job kinds.
 * Shared by the command service (which appends the member's entry and publishes the job),
 * the AI worker (which answers it and appends the reply), the query service (journal,
 * stats, dashboard and admin projections) and the frontend.
 */

/** docs/product.md#moods: the nine moods. RAI says 'contemplative' when none of them fits. */
export const MOODS = [
  'calm',
  'anxious',
  'hopeful',
  'frustrated',
  'sad',
  'grateful',
  'confused',
  'energized',
  'overwhelmed',
] as const;
export const Mood = t.keyof(
  Object.fromEntries(MOODS.map((mood) => [mood, null])) as Record<(typeof MOODS)[number], null>,
);
export type Mood = t.TypeOf<typeof Mood>;
export const DEFAULT_DETECTED_MOOD = 'contemplative';
export const DetectedMood = t.union([Mood, t.literal(DEFAULT_DETECTED_MOOD)]);
export type DetectedMood = t.TypeOf<typeof DetectedMood>;

export const SESSION_TYPES = ['check-in', 'reflection', 'deep-dive', 'guidance'] as const;
export const SessionType = t.keyof(
  Object.fromEntries(SESSION_TYPES.map((type) => [type, null])) as Record<(typeof SESSION_TYPES)[number], null>,
);
export type SessionType = t.TypeOf<typeof SessionType>;

export const RAI_MESSAGES = {
  shareSomething: 'Please share something',
  moodRequired: 'Please choose how you are feeling.',
  journalEntryRequired: 'Please write something in your journal entry.',
  sessionType: 'Please choose a session type',
  tooLong: 'Please keep it under 10,000 characters',
} as const;

/** What a member may write to RAI at once: long enough for a hard night, bounded for the model. */
export const MAX_ENTRY_LENGTH = 10_000;

/** Non-empty once trimmed and at most MAX_ENTRY_LENGTH long, each failure with its own message. */
const memberText = (message: string, label: string) =>
  boundedText({ min: 1, max: MAX_ENTRY_LENGTH, tooShort: message, tooLong: RAI_MESSAGES.tooLong, label });

/** The AI test page's own prompt, and a retry's request id. */
export const MAX_PROMPT_LENGTH = 2000;
const MAX_CLIENT_REQUEST_ID_LENGTH = 128;
const prompt = boundedText({ min: 0, max: MAX_PROMPT_LENGTH, tooShort: 'prompt must be text', label: 'Prompt' });
const clientRequestId = boundedText({
  min: 1,
  max: MAX_CLIENT_REQUEST_ID_LENGTH,
  tooShort: 'clientRequestId must be text',
  label: 'clientRequestId',
  trim: false,
  singleLine: true,
});

// ---- Requests (docs/product.md#rai-calls) ----

/** POST /api/ai/rai/process-journal (dashboard chat, test page) and its streaming twin. */
export const ProcessJournalRequest = t.exact(
  t.intersection([
    t.type({ journalEntry: memberText(RAI_MESSAGES.journalEntryRequired, 'Journal entry') }),
    t.partial({ prompt: t.union([prompt, t.null]), mood: t.union([Mood, t.null]), clientRequestId }),
  ]),
);
export type ProcessJournalRequest = t.TypeOf<typeof ProcessJournalRequest>;

/** POST /api/journal/ai-prompt (guided reflection). */
export const JournalPromptRequest = t.exact(
  t.intersection([
    t.type({
      userInput: memberText(RAI_MESSAGES.shareSomething, 'Your words'),
      mood: withMessage(Mood, RAI_MESSAGES.moodRequired),
    }),
    t.partial({ clientRequestId }),
  ]),
);
export type JournalPromptRequest = t.TypeOf<typeof JournalPromptRequest>;

/** POST /api/ai/reflection-prompt and POST /api/ai/rai/reflection-prompt. */
export const ReflectionPromptRequest = t.exact(
  t.type({ sessionType: withMessage(SessionType, RAI_MESSAGES.sessionType) }),
);
export type ReflectionPromptRequest = t.TypeOf<typeof ReflectionPromptRequest>;

// ---- Responses ----

/** `mood` is null when crisis language was found: RAI never reads a mood from a crisis message. */
export const ReplyMood = t.union([DetectedMood, t.null]);
export type ReplyMood = t.TypeOf<typeof ReplyMood>;

export const ProcessJournalResponse = t.type({
  entryId: t.string,
  response: t.string,
  mood: ReplyMood,
  insights: t.array(t.string),
  crisis: t.boolean,
});
export type ProcessJournalResponse = t.TypeOf<typeof ProcessJournalResponse>;
export const JournalPromptResponse = t.type({ entryId: t.string, aiGuidance: t.string, crisis: t.boolean });
export type JournalPromptResponse = t.TypeOf<typeof JournalPromptResponse>;
export const ReflectionPromptResponse = t.type({ prompt: t.string });
export type ReflectionPromptResponse = t.TypeOf<typeof ReflectionPromptResponse>;

/**
 * POST /api/ai/rai/process-journal/stream and POST /api/journal/ai-prompt/stream answer
 * `text/event-stream`: `event: chunk` data RaiStreamChunk (zero or more), then exactly one of
 * `event: done` data RaiStreamDone (the chat's) or GuidanceStreamDone (the guidance's), or
 * `event: error` data RaiStreamError.
 */
export const RaiStreamChunk = t.type({ entryId: t.string, text: t.string });
export type RaiStreamChunk = t.TypeOf<typeof RaiStreamChunk>;
/** What every `done` event carries: the reply's log position (send it as X-Min-Position to read the journal with the reply in it). */
export const StreamDonePosition = t.type({ position: t.string });
export type StreamDonePosition = t.TypeOf<typeof StreamDonePosition>;
/** The chat's `done` event: its response, plus the reply's log position. */
export const RaiStreamDone = t.intersection([ProcessJournalResponse, StreamDonePosition]);
export type RaiStreamDone = t.TypeOf<typeof RaiStreamDone>;
/** Guided reflection's `done` event: its response, plus the guidance's log position. */
export const GuidanceStreamDone = t.intersection([JournalPromptResponse, StreamDonePosition]);
export type GuidanceStreamDone = t.TypeOf<typeof GuidanceStreamDone>;
export const RaiStreamError = t.type({ entryId: t.string, status: t.number, error: t.string });
export type RaiStreamError = t.TypeOf<typeof RaiStreamError>;

/** GET /api/journal/entries: the member's own, newest first. */
export const JournalEntryView = t.type({
  id: t.string,
  userResponse: t.string,
  aiGuidance: t.union([t.string, t.null]),
  mood: t.union([DetectedMood, t.null]),
  source: t.string,
  status: t.keyof({ waiting: null, answered: null, failed: null }),
  createdAt: t.string,
});
export type JournalEntryView = t.TypeOf<typeof JournalEntryView>;

// ---- Events (stream journal-{userId}) ----

export const JOURNAL_SOURCES = ['guided-journal', 'rai-chat', 'ai-test'] as const;
export const JournalSource = t.keyof({ 'guided-journal': null, 'rai-chat': null, 'ai-test': null });
export type JournalSource = t.TypeOf<typeof JournalSource>;

/** The member's words, appended before any AI work starts, so nothing is lost if RAI is slow or down. */
export const JournalEntrySubmitted = t.type({
  type: t.literal('JournalEntrySubmitted'),
  data: t.type({
    entryId: t.string,
    userId: t.string,
    source: JournalSource,
    text: t.string,
    prompt: t.union([t.string, t.null]),
    /** The mood the member chose (guided journal), or null. */
    mood: t.union([Mood, t.null]),
    submittedAt: t.string,
  }),
});
export type JournalEntrySubmitted = t.TypeOf<typeof JournalEntrySubmitted>;

/** Appended by the AI worker, event id derived from the job id (= entryId), before it acks. */
export const RaiReplyGenerated = t.type({
  type: t.literal('RaiReplyGenerated'),
  data: t.type({
    entryId: t.string,
    userId: t.string,
    reply: t.string,
    /** Null for a crisis reply (recorded before that, a crisis reply's mood is ignored by every read model). */
    mood: ReplyMood,
    insights: t.array(t.string),
    responder: t.keyof({ openai: null, offline: null }),
    crisis: t.boolean,
    generatedAt: t.string,
  }),
});
export type RaiReplyGenerated = t.TypeOf<typeof RaiReplyGenerated>;

/** After the last delivery of a job failed: the member is told, their words stay. */
export const RaiReplyFailed = t.type({
  type: t.literal('RaiReplyFailed'),
  data: t.type({ entryId: t.string, userId: t.string, reason: t.string, failedAt: t.string }),
});
export type RaiReplyFailed = t.TypeOf<typeof RaiReplyFailed>;

/** Crisis resources were shown to someone. Carries no text, so admins count without reading. */
export const CrisisResourcesShown = t.type({
  type: t.literal('CrisisResourcesShown'),
  /** `rai`: the journal or the chat, recorded before the two were told apart. */
  data: t.type({
    where: t.keyof({ journal: null, chat: null, story: null, forum: null, rai: null }),
    shownAt: t.string,
  }),
});
export type CrisisResourcesShown = t.TypeOf<typeof CrisisResourcesShown>;

export const JournalEvent = t.union([JournalEntrySubmitted, RaiReplyGenerated, RaiReplyFailed, CrisisResourcesShown]);
export type JournalEvent = t.TypeOf<typeof JournalEvent>;

// ---- AI worker job kinds (payload and result of each) ----

export const AI_JOB_KINDS = {
  processJournal: 'rai.process-journal',
  journalGuidance: 'journal.guidance',
  reflectionPrompt: 'reflection.prompt',
  storyPrompt: 'story.prompt',
  adminAssistant: 'admin.assistant',
} as const;

export const ProcessJournalJob = t.type({
  entryId: t.string,
  userId: t.string,
  journalEntry: t.string,
  prompt: t.union([t.string, t.null]),
  mood: t.union([Mood, t.null]),
});
export type ProcessJournalJob = t.TypeOf<typeof ProcessJournalJob>;
/** `position`: where the reply event sits in the log, for the requester's X-Position (read-your-writes on the journal). */
export const ProcessJournalResult = t.type({
  response: t.string,
  mood: ReplyMood,
  insights: t.array(t.string),
  crisis: t.boolean,
  position: t.string,
});
export type ProcessJournalResult = t.TypeOf<typeof ProcessJournalResult>;
export const JournalGuidanceJob = t.type({ entryId: t.string, userId: t.string, userInput: t.string, mood: Mood });
export type JournalGuidanceJob = t.TypeOf<typeof JournalGuidanceJob>;
export const JournalGuidanceResult = t.type({ aiGuidance: t.string, crisis: t.boolean, position: t.string });
export type JournalGuidanceResult = t.TypeOf<typeof JournalGuidanceResult>;
export const ReflectionPromptJob = t.type({ sessionType: SessionType });
export type ReflectionPromptJob = t.TypeOf<typeof ReflectionPromptJob>;
export const ReflectionPromptResult = t.type({ prompt: t.string });
export type ReflectionPromptResult = t.TypeOf<typeof ReflectionPromptResult>;
export const StoryPromptJob = t.type({ step: t.number, answers: t.array(t.string) });
export type StoryPromptJob = t.TypeOf<typeof StoryPromptJob>;
/** `crisis`: the answers held crisis language (the story's answer then carries the crisis resources, shown above the prompt). */
export const StoryPromptResult = t.type({ prompt: t.string, crisis: t.boolean });
export type StoryPromptResult = t.TypeOf<typeof StoryPromptResult>;
export const AdminAssistantJob = t.type({ question: t.string, context: t.unknown });
export type AdminAssistantJob = t.TypeOf<typeof AdminAssistantJob>;
export const AdminAssistantResult = t.type({ response: t.string });
export type AdminAssistantResult = t.TypeOf<typeof AdminAssistantResult>;

/** Core NATS subject on which the worker publishes a job's streamed chunks (outside every stream). */
export const aiJobChunksSubject = (jobId: string) => `ai.chunks.${jobId}`;
