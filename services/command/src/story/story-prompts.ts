import { STORY_STEPS } from '@reflections/contracts/story';

/**
 * The five prompts of the five-minute story, written for when RAI cannot be asked or
 * is slow: a story of a moment, told from its setting to what it asks of the teller.
 */
export const WRITTEN_STORY_PROMPTS: readonly string[] = [
  'Think of a moment from the last few weeks that stayed with you. Where were you, and what was happening around you?',
  'What did you feel in your body and in your chest as it happened? Name it as plainly as you can.',
  'What did you do next, and what did you hold back or leave unsaid?',
  'Looking back now, what do you think that moment was trying to tell you about yourself?',
  'If you could say one thing to the man you were in that moment, what would it be?',
];

/** Where the story's next prompt comes from: given the step to ask for and the answers so far. */
export type StoryPromptSource = (step: number, answers: readonly string[]) => Promise<string>;

export const writtenStoryPrompt: StoryPromptSource = async (step) => WRITTEN_STORY_PROMPTS[Math.min(Math.max(step, 1), STORY_STEPS) - 1];
