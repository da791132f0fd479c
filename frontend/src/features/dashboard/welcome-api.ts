import type { WelcomePreferenceRequest, WelcomePreferenceResponse } from '@reflections/contracts/welcome';
import { api } from '../../lib/api';

const welcomeApi = api.injectEndpoints({
  endpoints: (build) => ({
    setWelcomePreference: build.mutation<WelcomePreferenceResponse, WelcomePreferenceRequest>({
      query: (body) => ({ url: '/api/me/welcome', method: 'POST', body }),
      invalidatesTags: ['Dashboard'],
    }),
  }),
});

export const { useSetWelcomePreferenceMutation } = welcomeApi;
