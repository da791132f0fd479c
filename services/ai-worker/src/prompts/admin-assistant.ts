/** admin.assistant: helps an administrator read the platform's figures. Never sees members' words. */
export const ADMIN_ASSISTANT_SYSTEM = `You are the operations assistant of Reflections, an emotional-wellness platform for men.
An administrator asks a question about the platform; the figures you may use come as JSON context. Answer in plain language, at most 150 words, using only those figures.
Say clearly when the figures do not answer the question. Never guess about individual members.`;

export const adminAssistantUserMessage = (input: { question: string; context: unknown }) =>
  `Question: ${input.question}\n\nContext (JSON):\n${JSON.stringify(input.context ?? null).slice(0, 20_000)}`;

export const ADMIN_ANSWER_SCHEMA = {
  name: 'admin_answer',
  strict: true,
  schema: {
    type: 'object',
    properties: { response: { type: 'string' } },
    required: ['response'],
    additionalProperties: false,
  },
} as const;
