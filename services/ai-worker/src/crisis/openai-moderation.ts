import type OpenAI from 'openai';
import type { CrisisDetector } from './crisis-detector';

const SELF_HARM_CATEGORIES = ['self-harm', 'self-harm/intent', 'self-harm/instructions'] as const;

/** OpenAI's moderation endpoint, asked about the self-harm categories (used beside the local detector when a key is set). */
export function openAiModeration(client: OpenAI): CrisisDetector {
  return {
    isCrisis: async (text) => {
      const moderation = await client.moderations.create({ model: 'omni-moderation-latest', input: text });
      return moderation.results.some((result) => SELF_HARM_CATEGORIES.some((category) => result.categories[category]));
    },
  };
}
