import type { AiJobClient } from '@reflections/ai-client/ai-job-client';
import { AI_JOB_KINDS } from '@reflections/contracts/rai';
import { storyPromptsFromRai, WRITTEN_STORY_PROMPTS } from './story-prompts';

const request = { sessionId: 's1', userId: 'u1', correlationId: 'c1' };
const client = (answer: (kind: string, payload: unknown) => Promise<unknown>): AiJobClient & { asked: unknown[] } => {
  const asked: unknown[] = [];
  return {
    asked,
    request: async (kind, payload) => {
      asked.push({ kind, payload });
      return answer(kind, payload) as never;
    },
    close: async () => undefined,
  };
};

describe("the story's prompts", () => {
  it("asks RAI's story.prompt job for the step with the answers so far", async () => {
    const rai = client(async () => ({ prompt: '  What happened next?  ', crisis: true }));
    expect(await storyPromptsFromRai(rai)(3, ['a', 'b'], request)).toEqual({
      prompt: 'What happened next?',
      crisis: true,
    });
    expect(rai.asked).toEqual([{ kind: AI_JOB_KINDS.storyPrompt, payload: { step: 3, answers: ['a', 'b'] } }]);
  });

  it('falls back to the written prompt of the step when RAI is slow', async () => {
    const rai = client(() => new Promise(() => undefined));
    expect(await storyPromptsFromRai(rai, 50)(2, ['a'], request)).toEqual({
      prompt: WRITTEN_STORY_PROMPTS[1],
      crisis: false,
    });
  });

  it('falls back when RAI fails or answers in another shape', async () => {
    expect(
      (await storyPromptsFromRai(client(async () => Promise.reject(new Error('down'))))(1, [], request)).prompt,
    ).toBe(WRITTEN_STORY_PROMPTS[0]);
    expect((await storyPromptsFromRai(client(async () => ({ text: 'no prompt field' })))(5, [], request)).prompt).toBe(
      WRITTEN_STORY_PROMPTS[4],
    );
  });
});
