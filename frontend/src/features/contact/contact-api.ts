import type { ContactRequest } from '@reflections/contracts/contact';
import { api } from '../../lib/api';

type SendContactMessage = {
  readonly message: ContactRequest;
  /** The same key on a retried send stores the message once. */
  readonly idempotencyKey: string;
};

const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<{ id: string; received: true }, SendContactMessage>({
      query: ({ message, idempotencyKey }) => ({ url: '/api/contact', method: 'POST', body: message, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: ['Contact'],
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
