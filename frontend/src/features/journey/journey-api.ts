import type {
  JourneyAnswersRequest,
  JourneyAnswersResponse,
  RegisterRequest,
  RegisterResponse,
} from '@reflections/contracts/identity';
import { api } from '../../lib/api';

const journeyApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Registering also signs the person in, so GET /api/auth/user refetches.
    register: build.mutation<RegisterResponse, RegisterRequest>({
      query: (body) => ({ url: '/api/auth/register', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    // Issue 25: a signed-in member's answers give him an archetype and the dashboard's insights.
    recordJourneyAnswers: build.mutation<JourneyAnswersResponse, JourneyAnswersRequest>({
      query: (body) => ({ url: '/api/auth/journey-answers', method: 'POST', body }),
      invalidatesTags: ['User', 'Dashboard'],
    }),
  }),
});

export const { useRegisterMutation, useRecordJourneyAnswersMutation } = journeyApi;
