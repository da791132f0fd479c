import type { RegisterRequest, RegisterResponse } from '@reflections/contracts/identity';
import { api } from '../../lib/api';

const journeyApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Registering also signs the person in, so GET /api/auth/user refetches.
    register: build.mutation<RegisterResponse, RegisterRequest>({
      query: (body) => ({ url: '/api/auth/register', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useRegisterMutation } = journeyApi;
