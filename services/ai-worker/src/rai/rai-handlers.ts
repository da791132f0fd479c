import type * as t from 'io-ts';
import {
  AdminAssistantJob,
  type AdminAssistantResult,
  AI_JOB_KINDS,
  JournalGuidanceJob,
  type JournalGuidanceResult,
  ProcessJournalJob,
  type ProcessJournalResult,
  ReflectionPromptJob,
  type ReflectionPromptResult,
  StoryPromptJob,
  type StoryPromptResult,
} from '@reflections/contracts/rai';
import { type JobHandlers, PermanentJobError } from '../job-execution';
import { answerJournalEntry, type RaiDependencies } from './journal-reply';

/** A payload that does not decode can never succeed: it fails at once rather than five times. */
function payloadOf<A>(codec: t.Type<A, unknown, unknown>, payload: unknown): A {
  const decoded = codec.decode(payload);
  if (decoded._tag === 'Left') throw new PermanentJobError(`malformed ${codec.name} payload`);
  return decoded.right;
}

/** The handler of every AI job kind; the same on NATS and in-process. */
export function raiHandlers(deps: RaiDependencies): JobHandlers {
  return {
    [AI_JOB_KINDS.processJournal]: async (job, tools): Promise<ProcessJournalResult> => {
      const payload = payloadOf(ProcessJournalJob, job.payload);
      const answered = await answerJournalEntry(deps, job, tools, {
        ...payload,
        purpose: 'chat',
        text: payload.journalEntry,
      });
      return {
        response: answered.reply,
        mood: answered.mood,
        insights: answered.insights,
        crisis: answered.crisis,
        position: answered.position,
      };
    },
    [AI_JOB_KINDS.journalGuidance]: async (job, tools): Promise<JournalGuidanceResult> => {
      const payload = payloadOf(JournalGuidanceJob, job.payload);
      const answered = await answerJournalEntry(deps, job, tools, {
        entryId: payload.entryId,
        userId: payload.userId,
        purpose: 'guidance',
        text: payload.userInput,
        prompt: null,
        mood: payload.mood,
      });
      return { aiGuidance: answered.reply, crisis: answered.crisis, position: answered.position };
    },
    [AI_JOB_KINDS.reflectionPrompt]: async (job): Promise<ReflectionPromptResult> => {
      const payload = payloadOf(ReflectionPromptJob, job.payload);
      return { prompt: await deps.responder.reflectionPrompt(payload.sessionType, job.jobId) };
    },
    [AI_JOB_KINDS.storyPrompt]: async (job): Promise<StoryPromptResult> => {
      const payload = payloadOf(StoryPromptJob, job.payload);
      // The story's command records and shows the resources (it also checks when RAI is late), so the prompt stays a prompt.
      const crisis = payload.answers.length > 0 && (await deps.crisis(payload.answers.join('\n')));
      return { prompt: await deps.responder.storyPrompt(payload.step, payload.answers, job.jobId), crisis };
    },
    [AI_JOB_KINDS.adminAssistant]: async (job): Promise<AdminAssistantResult> => {
      const payload = payloadOf(AdminAssistantJob, job.payload);
      return { response: await deps.responder.adminAssistant(payload.question, payload.context) };
    },
  };
}
