/**
 * The AI worker as the command service's tests run it: in-process, with the real handlers and
 * prompts. The command service may not import the AI worker, so its tests reach it here.
 */
export { createAiHandlers } from '@reflections/ai-worker/ai-worker';
export { inProcessAiJobs, type InProcessAiJobs } from '@reflections/ai-worker/in-process-ai-jobs';
export { CRISIS_REPLY_SYSTEM } from '@reflections/ai-worker/prompts/crisis-reply';
