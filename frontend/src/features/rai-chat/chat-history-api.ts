import { JournalEntryView } from '@reflections/contracts/rai';
import * as t from 'io-ts';
import { api } from '../../lib/api';

/** The conversation shows the member's last 20 messages to RAI (issue 25). */
export const CHAT_HISTORY_LENGTH = 20;

const Entries = t.array(JournalEntryView);

const chatHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The member's messages to RAI in the chat and RAI's replies, newest first: the conversation, rebuilt on every load. */
    getChatHistory: build.query<JournalEntryView[], void>({
      query: () => `/api/journal/entries?source=rai-chat&limit=${CHAT_HISTORY_LENGTH}`,
      transformResponse: (body: unknown) => {
        const decoded = Entries.decode(body);
        if (decoded._tag === 'Left') throw new Error('The conversation could not be read');
        return decoded.right;
      },
      providesTags: ['Journal'],
    }),
  }),
});

export const { useGetChatHistoryQuery } = chatHistoryApi;
