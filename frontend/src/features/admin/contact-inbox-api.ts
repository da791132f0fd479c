import { READ_MODELS } from '@reflections/contracts/admin';
import type { ContactInboxPage, ContactStatus } from '@reflections/contracts/contact';
import { api } from '../../lib/api';

const fromInbox = [{ type: 'Admin' as const, id: READ_MODELS.contactInbox }];

export type InboxFilter = { readonly status: ContactStatus | 'all'; readonly page: number };

/** The contact inbox: messages a page at a time, and their status changes. */
const contactInboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContactMessages: build.query<ContactInboxPage, InboxFilter>({
      query: ({ status, page }) =>
        `/api/admin/contact-messages?${new URLSearchParams({ ...(status === 'all' ? {} : { status }), page: String(page) })}`,
      providesTags: fromInbox,
    }),
    changeContactStatus: build.mutation<{ id: string; status: ContactStatus }, { id: string; status: ContactStatus }>({
      query: ({ id, status }) => ({
        url: `/api/admin/contact-messages/${encodeURIComponent(id)}/status`,
        method: 'POST',
        body: { status },
      }),
      invalidatesTags: fromInbox,
    }),
  }),
});

export const { useGetContactMessagesQuery, useChangeContactStatusMutation } = contactInboxApi;
