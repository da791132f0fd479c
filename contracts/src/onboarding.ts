/**
 * The questions of the 19-step journey (docs/product.md#journey: the fields are given, the wording
 * is ours). Choice values are what the registration payload carries; the command
 * service scores them into an archetype.
 */
export type Choice = { readonly value: string; readonly label: string };

export type JourneyQuestion =
  | {
      readonly field: string;
      readonly kind: 'single';
      readonly question: string;
      readonly hint?: string;
      readonly choices: readonly Choice[];
    }
  | {
      readonly field: string;
      readonly kind: 'multiple';
      readonly question: string;
      readonly hint?: string;
      readonly choices: readonly Choice[];
    }
  | {
      readonly field: string;
      readonly kind: 'text';
      readonly question: string;
      readonly hint?: string;
      readonly placeholder: string;
    };

export const GENDERS = ['Male', 'Female'] as const;
export const AGE_BANDS = ['18–24', '24–32', '32–40', '40–46', '46–52', '52+'] as const;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;

/** At least MIN_PASSWORD_LENGTH characters, and not only spaces (six spaces are no password). */
export const isAcceptablePassword = (password: string) =>
  password.length >= MIN_PASSWORD_LENGTH && password.length <= MAX_PASSWORD_LENGTH && password.trim() !== '';
export const JOURNEY_STEP_COUNT = 19;

const choices = (...pairs: [string, string][]): Choice[] => pairs.map(([value, label]) => ({ value, label }));

/** Steps 2 to 16, in order. Step 1 is the first name; 17 email, 18 password, 19 terms. */
export const JOURNEY_QUESTIONS: readonly JourneyQuestion[] = [
  {
    field: 'gender',
    kind: 'single',
    question: 'How do you identify?',
    choices: GENDERS.map((g) => ({ value: g, label: g })),
  },
  {
    field: 'age',
    kind: 'single',
    question: 'Which age range are you in?',
    choices: AGE_BANDS.map((a) => ({ value: a, label: a })),
  },
  {
    field: 'innerLandscape',
    kind: 'single',
    question: 'If you looked inward right now, what would the weather be?',
    choices: choices(
      ['calm', 'Calm. Mostly steady, mostly clear.'],
      ['storm', 'Stormy. A lot is going on under the surface.'],
      ['fog', 'Foggy. Hard to tell what I actually feel.'],
      ['drought', 'Dry. I have been running on empty.'],
      ['clearing', 'Clearing. Something is starting to shift.'],
    ),
  },
  {
    field: 'voiceInHead',
    kind: 'single',
    question: 'The voice in your head sounds most like…',
    choices: choices(
      ['critic', 'A harsh critic who notices every mistake'],
      ['coach', 'A tough coach who keeps pushing me on'],
      ['worrier', 'A worrier running every possible scenario'],
      ['quiet', 'Quiet. I rarely hear it.'],
      ['friend', 'A steady friend who has my back'],
    ),
  },
  {
    field: 'presenceInRoom',
    kind: 'single',
    question: 'When you walk into a room full of people, you tend to…',
    choices: choices(
      ['lead', 'Take charge and get things moving'],
      ['observe', 'Stand back and read the room'],
      ['adapt', 'Become whoever the room needs me to be'],
      ['help', 'Look for whoever needs a hand'],
      ['smooth', 'Smooth over any tension I feel'],
      ['guard', 'Stay alert, ready for anything'],
    ),
  },
  {
    field: 'returnToSelf',
    kind: 'multiple',
    question: 'What brings you back to yourself?',
    hint: 'Choose as many as are true.',
    choices: choices(
      ['nature', 'Time outdoors'],
      ['movement', 'Training, sport or a hard walk'],
      ['solitude', 'Time alone'],
      ['people', 'The people I trust'],
      ['work', 'Building or working with my hands'],
      ['faith', 'Faith, prayer or meditation'],
      ['breath', 'Slowing my breathing'],
      ['music', 'Music or making something'],
    ),
  },
  {
    field: 'seeking',
    kind: 'single',
    question: 'What are you looking for most right now?',
    choices: choices(
      ['clarity', 'Clarity about what I feel and want'],
      ['connection', 'Men I can be real with'],
      ['calm', 'Calm in the middle of the noise'],
      ['purpose', 'A sense of purpose'],
      ['strength', 'Strength to handle what is in front of me'],
      ['healing', 'Healing from something I have carried too long'],
    ),
  },
  {
    field: 'emotionRegulation',
    kind: 'single',
    question: 'When a strong feeling hits, what do you usually do?',
    choices: choices(
      ['push-down', 'Push it down and keep going'],
      ['withdraw', 'Go quiet and pull away'],
      ['fight', 'Get angry or fight it out'],
      ['fix-others', 'Focus on fixing someone else’s problem'],
      ['talk', 'Talk it through with someone'],
      ['move', 'Move: the gym, a run, a long walk'],
    ),
  },
  {
    field: 'wishOthersKnew',
    kind: 'text',
    question: 'What do you wish the people around you knew about you?',
    placeholder: 'Say it here, even if you have never said it out loud.',
  },
  {
    field: 'futureMessage',
    kind: 'text',
    question: 'What would you like to tell yourself five years from now?',
    placeholder: 'A few honest words to the man you are becoming.',
  },
  {
    field: 'invisibleWeight',
    kind: 'single',
    question: 'What is the weight you carry that nobody sees?',
    choices: choices(
      ['providing', 'Providing for the people who depend on me'],
      ['expectations', 'Living up to what is expected of me'],
      ['loneliness', 'Feeling alone, even around others'],
      ['past', 'Something from my past'],
      ['keeping-everyone-okay', 'Keeping everyone else okay'],
      ['anger', 'Anger I do not know where to put'],
    ),
  },
  {
    field: 'innerStrength',
    kind: 'single',
    question: 'Which strength do you trust most in yourself?',
    choices: choices(
      ['loyalty', 'Loyalty'],
      ['resilience', 'Resilience'],
      ['empathy', 'Empathy'],
      ['discipline', 'Discipline'],
      ['integrity', 'Integrity'],
      ['adaptability', 'Adaptability'],
    ),
  },
  {
    field: 'emotionalWall',
    kind: 'single',
    question: 'What keeps your wall up?',
    choices: choices(
      ['looking-weak', 'Fear of looking weak'],
      ['trust', 'It is hard to trust people'],
      ['no-time', 'There is no time to feel things'],
      ['burden', 'I do not want to burden anyone'],
      ['control', 'I need to stay in control'],
      ['judgment', 'I expect to be judged'],
    ),
  },
  {
    field: 'peaceMeans',
    kind: 'single',
    question: 'Peace, for you, would mean…',
    choices: choices(
      ['quiet-mind', 'A quiet mind'],
      ['harmony', 'Harmony with the people I love'],
      ['freedom', 'Freedom to be myself'],
      ['acceptance', 'Accepting what I cannot change'],
      ['safety', 'Knowing the people I love are safe'],
      ['purpose', 'Living with purpose'],
    ),
  },
  {
    field: 'coreDrive',
    kind: 'single',
    question: 'What drives you, deep down?',
    choices: choices(
      ['provide', 'Providing for the people I love'],
      ['freedom', 'Freedom and independence'],
      ['justice', 'Doing what is right'],
      ['belonging', 'Being accepted and belonging'],
      ['achievement', 'Building, leading and achieving'],
      ['protect', 'Protecting others'],
      ['harmony', 'Keeping the peace'],
      ['care', 'Caring for others'],
    ),
  },
];

export function choiceLabel(field: string, value: string): string {
  const question = JOURNEY_QUESTIONS.find((q) => q.field === field);
  if (!question || question.kind === 'text') return value;
  return question.choices.find((c) => c.value === value)?.label ?? value;
}
