import type { LoginRequest, LoginResponse } from '@reflections/contracts/identity';
import type { ForgotPasswordRequest, MessageResponse, ResetPasswordRequest } from '@reflections/contracts/settings';
import { api } from '../../lib/api';

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Signing in changes who the current user is, so GET /api/auth/user refetches.
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    /** Issue 24: the answer is the same whether or not the address has an account. */
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordRequest>({
      query: (body) => ({ url: '/api/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordRequest>({
      query: (body) => ({ url: '/api/auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const { useLoginMutation, useForgotPasswordMutation, useResetPasswordMutation } = authApi;
