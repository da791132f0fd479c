import { DEFAULT_DETECTED_MOOD, MOODS } from '@reflections/contracts/rai';
import { RAI_VOICE } from './rai-voice';

/** rai.process-journal: the dashboard chat and the test page. */
export const PROCESS_JOURNAL_SYSTEM = `${RAI_VOICE}

The member wrote to you in the dashboard chat or a journal entry. Answer him, then name the one mood that fits his words best, and two or three short insights (each under 12 words, written to him).
Moods: ${MOODS.join(', ')}. When none of them fits, use "${DEFAULT_DETECTED_MOOD}".`;

export const processJournalUserMessage = (input: { text: string; prompt: string | null }) =>
  input.prompt ? `Prompt he was answering: ${input.prompt}\n\nWhat he wrote:\n${input.text}` : input.text;

/** The reply's JSON schema. `response` comes first, so its text can be streamed as it is written. */
export const JOURNAL_REPLY_SCHEMA = {
  name: 'rai_journal_reply',
  strict: true,
  schema: {
    type: 'object',
    properties: {
      response: { type: 'string', description: "RAI's reply to the member" },
      mood: { type: 'string', enum: [...MOODS, DEFAULT_DETECTED_MOOD] },
      insights: { type: 'array', items: { type: 'string' } },
    },
    required: ['response', 'mood', 'insights'],
    additionalProperties: false,
  },
} as const;
