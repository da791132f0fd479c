import { AuthUser } from '@reflections/contracts/identity';
import { api } from '../api';

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Who is signed in; `null` when signed out (the server answers 401). */
    getCurrentUser: build.query<AuthUser | null, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('/api/auth/user');
        if (result.error) return result.error.status === 401 ? { data: null } : { error: result.error };
        return { data: result.data as AuthUser };
      },
      providesTags: ['User'],
    }),
    logout: build.mutation<void, void>({
      // The cache is cleared by sessionEnded once the member has left the signed-in screen (use-sign-out.ts).
      query: () => ({ url: '/api/auth/logout', method: 'POST' }),
    }),
    /** Ends every session of the member, on every device; this tab then signs out as with logout. */
    logoutAll: build.mutation<void, void>({
      query: () => ({ url: '/api/auth/logout-all', method: 'POST' }),
    }),
  }),
});

export const { useGetCurrentUserQuery, useLogoutMutation, useLogoutAllMutation } = sessionApi;
