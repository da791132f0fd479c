import * as t from 'io-ts';
import { boundedText, withMessage } from './validation';

/** P.E.A.C.E. (docs/product.md#peace): five sections with three prompts each, in our own words. */
export const PEACE_SECTIONS = [
  {
    id: 'purpose',
    letter: 'P',
    title: 'Purpose',
    prompts: [
      'What gets you out of bed on the hard mornings, when nobody is watching?',
      'If the people you love described what you stand for, what would you want them to say?',
      'Where in your life right now are you going through the motions, and what would it take to mean it again?',
    ],
  },
  {
    id: 'ethos',
    letter: 'E',
    title: 'Ethos',
    prompts: [
      'Which value would you keep if you had to let go of all the others?',
      'When did you last act against what you believe, and what did it cost you?',
      'What did the men who raised you teach you about being a man that you want to keep, and what do you want to put down?',
    ],
  },
  {
    id: 'autonomy',
    letter: 'A',
    title: 'Autonomy',
    prompts: [
      'Where do you say yes when you mean no?',
      'What decision have you been putting off, and whose approval are you waiting for?',
      'If your time were fully your own for one week, how would you spend it?',
    ],
  },
  {
    id: 'connection',
    letter: 'C',
    title: 'Connection',
    prompts: [
      'Who could you call at 2 a.m., and when did you last tell them what they mean to you?',
      'What do you keep to yourself that you wish someone knew?',
      'Which relationship needs a repair, and what is the first small step?',
    ],
  },
  {
    id: 'enjoyment',
    letter: 'E',
    title: 'Enjoyment',
    prompts: [
      'When did you last lose track of time because you were enjoying yourself?',
      'What did you love doing as a boy that you stopped doing?',
      'What small pleasure could you give yourself this week without earning it first?',
    ],
  },
] as const;

export type PeaceSectionId = (typeof PEACE_SECTIONS)[number]['id'];
export const PEACE_SECTION_IDS = PEACE_SECTIONS.map((s) => s.id) as PeaceSectionId[];

export const PEACE_MESSAGES = {
  section: 'Please choose a P.E.A.C.E. section',
  prompt: "Please answer one of this section's questions",
  response: 'Please write your answer before saving.',
  tooLong: 'Please keep your answer under 5,000 characters',
} as const;

export const MAX_PEACE_RESPONSE = 5000;

const PeaceSectionKey = t.keyof(
  Object.fromEntries(PEACE_SECTION_IDS.map((id) => [id, null])) as Record<PeaceSectionId, null>,
);
/** A section named by a client: a bad one gets its own message (docs/product.md#requests-and-errors). */
export const PeaceSection = withMessage(PeaceSectionKey, PEACE_MESSAGES.section);

const peaceResponse = boundedText({
  min: 1,
  max: MAX_PEACE_RESPONSE,
  tooShort: PEACE_MESSAGES.response,
  tooLong: PEACE_MESSAGES.tooLong,
  label: 'Your answer',
});

/** Longer than any of the sections' questions: the route checks the prompt is one of them. */
const MAX_PEACE_PROMPT_LENGTH = 500;
const peacePrompt = boundedText({
  min: 1,
  max: MAX_PEACE_PROMPT_LENGTH,
  tooShort: PEACE_MESSAGES.prompt,
  tooLong: PEACE_MESSAGES.prompt,
  label: 'Question',
  trim: false,
});

/** Whether `prompt` is one of `section`'s three questions. */
export const isPeacePrompt = (section: PeaceSectionId, prompt: string) =>
  (PEACE_SECTIONS.find((s) => s.id === section)?.prompts as readonly string[] | undefined)?.includes(prompt) ?? false;

/** POST /api/peace/response (docs/product.md#peace-calls). The prompt must be one of the section's own. */
export const PeaceResponseRequest = t.exact(
  t.type({ section: PeaceSection, prompt: peacePrompt, response: peaceResponse }),
);
export type PeaceResponseRequest = t.TypeOf<typeof PeaceResponseRequest>;

export const PeaceResponseSaved = t.type({ id: t.string, section: PeaceSectionKey, answered: t.number });
export type PeaceResponseSaved = t.TypeOf<typeof PeaceResponseSaved>;

/**
 * GET /api/peace/summary: per section, how many answers the member has given (`answered`, a
 * question answered twice counts twice) and which of its questions he has answered, by their
 * place in the section (`answeredPrompts`, 0-based, ascending), whatever order he took them in.
 */
export const PeaceSummary = t.type({
  sections: t.array(t.type({ section: PeaceSectionKey, answered: t.number, answeredPrompts: t.array(t.number) })),
});
export type PeaceSummary = t.TypeOf<typeof PeaceSummary>;

// ---- Events (stream peace-{userId}) ----

export const PeaceResponseRecorded = t.type({
  type: t.literal('PeaceResponseRecorded'),
  data: t.type({
    responseId: t.string,
    userId: t.string,
    section: PeaceSectionKey,
    prompt: t.string,
    response: t.string,
    recordedAt: t.string,
  }),
});
export type PeaceResponseRecorded = t.TypeOf<typeof PeaceResponseRecorded>;
