import { randomUUID } from 'node:crypto';
import type { AiJobClient } from '@reflections/ai-client/ai-job-client';
import { AdminAssistantResult, AI_JOB_KINDS } from '@reflections/contracts/rai';
import type { AdminAssistant } from './assistant-routes';

/** The admin assistant as the AI worker's `admin.assistant` job. */
export function adminAssistantOn(aiJobs: AiJobClient): AdminAssistant {
  return async (question, context, meta) => {
    const result = await aiJobs.request<unknown>(
      AI_JOB_KINDS.adminAssistant,
      { question, context },
      { jobId: randomUUID(), ...meta },
    );
    const decoded = AdminAssistantResult.decode(result);
    if (decoded._tag === 'Left') throw new Error('the admin assistant answered in an unexpected shape');
    return decoded.right.response;
  };
}
