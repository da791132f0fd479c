import type {
  ProcessJournalRequest,
  ProcessJournalResponse,
  ReflectionPromptRequest,
  ReflectionPromptResponse,
} from '@reflections/contracts/rai';
import { api } from '../../lib/api';

const aiTestApi = api.injectEndpoints({
  endpoints: (build) => ({
    generateReflectionPrompt: build.mutation<ReflectionPromptResponse, ReflectionPromptRequest>({
      query: (body) => ({ url: '/api/ai/rai/reflection-prompt', method: 'POST', body }),
    }),
    processJournal: build.mutation<ProcessJournalResponse, ProcessJournalRequest>({
      query: (body) => ({ url: '/api/ai/rai/process-journal', method: 'POST', body }),
      invalidatesTags: ['Journal'],
    }),
  }),
});

export const { useGenerateReflectionPromptMutation, useProcessJournalMutation } = aiTestApi;
