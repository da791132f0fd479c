import { createHash } from 'node:crypto';
import type { AiJobClient } from '@reflections/ai-client/ai-job-client';
import { AI_JOB_KINDS, StoryPromptResult } from '@reflections/contracts/rai';
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

export type StoryPromptRequest = { sessionId: string; userId: string; correlationId: string };

/** The next prompt, and whether RAI's crisis module found crisis language in the answers (false when it was not asked in time). */
export type StoryPrompt = { prompt: string; crisis: boolean };

/** Where the story's next prompt comes from: given the step to ask for and the answers so far. */
export type StoryPromptSource = (
  step: number,
  answers: readonly string[],
  request: StoryPromptRequest,
) => Promise<StoryPrompt>;

export const writtenStoryPrompt: StoryPromptSource = async (step) => ({
  prompt: WRITTEN_STORY_PROMPTS[Math.min(Math.max(step, 1), STORY_STEPS) - 1],
  crisis: false,
});

/** RAI answers most prompts well inside this; a member should not wait longer for the next question. */
export const STORY_PROMPT_WAIT_MS = 2500;

/** A UUID-shaped job id per session and step, so a retried answer does not queue a second job. */
function jobIdFor(sessionId: string, step: number): string {
  const hex = createHash('sha256').update(`story-prompt:${sessionId}:${step}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Asks RAI's `story.prompt` job for the next prompt, with the written prompt of that step
 * when RAI is slow (past `waitMs`), down, or answers in an unexpected shape.
 */
export function storyPromptsFromRai(aiJobs: AiJobClient, waitMs = STORY_PROMPT_WAIT_MS): StoryPromptSource {
  return async (step, answers, request) => {
    let timer: NodeJS.Timeout | undefined;
    const slow = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    const asked = aiJobs
      .request<unknown>(
        AI_JOB_KINDS.storyPrompt,
        { step, answers },
        { jobId: jobIdFor(request.sessionId, step), requestedBy: request.userId, correlationId: request.correlationId },
      )
      .then((result) => {
        const decoded = StoryPromptResult.decode(result);
        return decoded._tag === 'Right' && decoded.right.prompt.trim() !== ''
          ? { prompt: decoded.right.prompt.trim(), crisis: decoded.right.crisis }
          : null;
      })
      .catch(() => null);
    try {
      return (await Promise.race([asked, slow])) ?? (await writtenStoryPrompt(step, answers, request));
    } finally {
      clearTimeout(timer);
    }
  };
}
