import type { SlowModeView } from '@reflections/contracts/forum-slow-mode';
import { api } from '../../lib/api';

/** Each board's slow mode (issue 26); a moderator's change refreshes it with every other forum read. */
const slowModeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSlowMode: build.query<SlowModeView[], void>({
      query: () => '/api/forum/slow-mode',
      providesTags: ['Forum'],
    }),
  }),
});

export const { useGetSlowModeQuery } = slowModeApi;
