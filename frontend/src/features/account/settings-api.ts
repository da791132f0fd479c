import type {
  ChangeEmailRequest,
  ChangeFirstNameRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
  SettingsResponse,
} from '@reflections/contracts/settings';
import { api } from '../../lib/api';

/** /member/settings (issue 24): each change is an event on the member's stream; who he is and his dashboard refetch. */
const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeFirstName: build.mutation<SettingsResponse, ChangeFirstNameRequest>({
      query: (body) => ({ url: '/api/me/first-name', method: 'POST', body }),
      invalidatesTags: ['User', 'Dashboard'],
    }),
    changeEmail: build.mutation<SettingsResponse, ChangeEmailRequest>({
      query: (body) => ({ url: '/api/me/email', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    changePassword: build.mutation<SettingsResponse, ChangePasswordRequest>({
      query: (body) => ({ url: '/api/me/password', method: 'POST', body }),
    }),
    /** The cache is cleared once he has left the signed-in screen, as on signing out (use-sign-out.ts). */
    deleteAccount: build.mutation<{ erased: true }, DeleteAccountRequest>({
      query: (body) => ({ url: '/api/me', method: 'DELETE', body }),
    }),
  }),
});

export const {
  useChangeFirstNameMutation,
  useChangeEmailMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
} = settingsApi;
