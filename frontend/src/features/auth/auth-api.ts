import type { LoginRequest, LoginResponse } from '@reflections/contracts/identity';
import { api } from '../../lib/api';

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Signing in changes who the current user is, so GET /api/auth/user refetches.
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useLoginMutation } = authApi;
