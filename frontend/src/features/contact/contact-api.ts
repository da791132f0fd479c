import type { ContactRequest } from '@reflections/contracts/contact';
import { api } from '../../lib/api';

const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A retried send carries the same Idempotency-Key (the base query's, per submission) and is stored once.
    sendContactMessage: build.mutation<{ id: string; received: true }, ContactRequest>({
      query: (message) => ({ url: '/api/contact', method: 'POST', body: message }),
      invalidatesTags: ['Contact'],
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
