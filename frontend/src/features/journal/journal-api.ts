import { NEXT_PAGE_HEADER } from '@reflections/contracts/journal';
import { type JournalEntryView, type JournalPromptRequest, JournalPromptResponse } from '@reflections/contracts/rai';
import { api } from '../../lib/api';
import { readRaiStream } from '../../lib/rai-stream';

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
  }),
});

export const { useGetJournalEntriesQuery } = journalApi;

export const GUIDANCE_STREAM = '/api/journal/ai-prompt/stream';

/** POST /api/journal/ai-prompt/stream: the member's words in, RAI's guidance out as it is written. */
export const streamGuidance = (request: JournalPromptRequest, onChunk: (text: string) => void) =>
  readRaiStream(GUIDANCE_STREAM, request, JournalPromptResponse, onChunk);

/** docs/product.md#guided-reflection: reflections in lists are cut at 80 characters. */
export const cutAt = (text: string, length = 80) =>
  text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
