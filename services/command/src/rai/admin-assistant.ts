import { randomUUID } from 'node:crypto';
import type { AiJobClient } from '@reflections/ai-worker/client/ai-job-client';
import { AI_JOB_KINDS, type AdminAssistantResult } from '@reflections/contracts/rai';
import type { AdminAssistant } from '../admin/assistant-routes';

/** The admin panel's assistant, answered by the AI worker's admin.assistant job. */
export const adminAssistantThrough =
  (aiJobs: AiJobClient): AdminAssistant =>
  async (question, context, meta) =>
    (await aiJobs.request<AdminAssistantResult>(AI_JOB_KINDS.adminAssistant, { question, context }, { jobId: randomUUID(), ...meta })).response;
