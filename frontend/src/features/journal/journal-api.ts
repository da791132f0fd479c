import { NEXT_PAGE_HEADER } from '@reflections/contracts/journal';
import type { JournalEntryView, JournalPromptRequest, JournalPromptResponse } from '@reflections/contracts/rai';
import { api } from '../../lib/api';

export type JournalPage = { readonly entries: JournalEntryView[]; readonly nextBefore: string | null };

const journalApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the member's entries, newest first; `before` is the previous page's cursor. */
    getJournalEntries: build.query<JournalPage, { limit: number; before?: string | null }>({
      query: ({ limit, before }) =>
        `/api/journal/entries?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`,
      transformResponse: (entries: JournalEntryView[], meta) => ({
        entries,
        nextBefore: (meta as { response?: Response } | undefined)?.response?.headers.get(NEXT_PAGE_HEADER) ?? null,
      }),
      providesTags: ['Journal'],
    }),
    /** POST /api/journal/ai-prompt: the member's words in, RAI's guidance out. */
    askForGuidance: build.mutation<JournalPromptResponse, JournalPromptRequest>({
      query: (body) => ({ url: '/api/journal/ai-prompt', method: 'POST', body }),
      invalidatesTags: ['Journal'],
    }),
  }),
});

export const { useGetJournalEntriesQuery, useAskForGuidanceMutation } = journalApi;

/** docs/product.md#guided-reflection: reflections in lists are cut at 80 characters. */
export const cutAt = (text: string, length = 80) =>
  text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
