import type OpenAI from 'openai';
import type { CrisisCheck } from './crisis-check';

const SELF_HARM_CATEGORIES = ['self-harm', 'self-harm/intent', 'self-harm/instructions'] as const;

/** OpenAI's moderation endpoint, asked about the self-harm categories (used beside the local detector when a key is set). */
export function openAiModeration(client: OpenAI): CrisisCheck {
  return async (text) => {
    const moderation = await client.moderations.create({ model: 'omni-moderation-latest', input: text });
    return moderation.results.some((result) => SELF_HARM_CATEGORIES.some((category) => result.categories[category]));
  };
}
