import type { StorySessionView, UpdateStoryRequest } from '@reflections/contracts/story';
import { api } from '../../lib/api';

/** Every story call answers the session as it now is: show it without asking again. */
async function showSession(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: StorySessionView }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(storyApi.util.upsertQueryData('getStorySession', undefined, data));
  } catch {
    // The caller shows the failure.
  }
}

const storyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The member's latest story, or null before the first. */
    getStorySession: build.query<StorySessionView | null, void>({
      query: () => '/api/five-minute-story/session',
      providesTags: ['Story'],
    }),
    startStory: build.mutation<StorySessionView, void>({
      query: () => ({
        url: '/api/five-minute-story/session',
        method: 'POST',
        body: { sessionStatus: 'started', currentStep: 1, aiPrompts: [], userResponses: [] },
      }),
      onQueryStarted: showSession,
      invalidatesTags: ['Story'],
    }),
    updateStory: build.mutation<StorySessionView, { id: string; update: UpdateStoryRequest }>({
      query: ({ id, update }) => ({ url: `/api/five-minute-story/session/${id}`, method: 'PUT', body: update }),
      onQueryStarted: showSession,
      invalidatesTags: ['Story'],
    }),
    /** "This isn't about me": the crisis banner above the story comes down (a later crisis answer brings it back). */
    dismissCrisisBanner: build.mutation<StorySessionView, string>({
      query: (id) => ({ url: `/api/five-minute-story/session/${id}/crisis-banner-dismissal`, method: 'POST' }),
      onQueryStarted: showSession,
      invalidatesTags: ['Story'],
    }),
  }),
});

export const {
  useGetStorySessionQuery,
  useStartStoryMutation,
  useUpdateStoryMutation,
  useDismissCrisisBannerMutation,
} = storyApi;
