import type { DashboardPayload, UserActivity, UserStats } from '@reflections/contracts/dashboard';
import { api } from '../../lib/api';

const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<DashboardPayload, void>({ query: () => '/api/dashboard', providesTags: ['Dashboard'] }),
    // Stats come from the journal's read model: a new reflection changes them.
    getUserStats: build.query<UserStats, void>({ query: () => '/api/user/stats', providesTags: ['Journal'] }),
    getUserActivities: build.query<UserActivity[], void>({
      query: () => '/api/user/activities',
      providesTags: ['Journal', 'Story', 'Peace'],
    }),
  }),
});

export const { useGetDashboardQuery, useGetUserStatsQuery, useGetUserActivitiesQuery } = dashboardApi;
