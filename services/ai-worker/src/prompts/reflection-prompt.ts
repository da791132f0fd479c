import type { SessionType } from '@reflections/contracts/rai';
import { RAI_VOICE } from './rai-voice';

/** reflection.prompt: one journaling prompt for a session type. */
export const REFLECTION_PROMPT_SYSTEM = `${RAI_VOICE}

Write one journaling prompt for a man starting a reflection session. One or two sentences, a single question, concrete and personal.
Session types: check-in (how he is doing today), reflection (looking back at recent days), deep-dive (beliefs, patterns, what drives him), guidance (a decision or next step).`;

export const reflectionPromptUserMessage = (sessionType: SessionType) => `Session type: ${sessionType}`;

export const PROMPT_SCHEMA = {
  name: 'rai_prompt',
  strict: true,
  schema: {
    type: 'object',
    properties: { prompt: { type: 'string' } },
    required: ['prompt'],
    additionalProperties: false,
  },
} as const;
