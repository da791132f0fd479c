import { READ_MODELS } from '@reflections/contracts/admin';
import type { ForumBoard } from '@reflections/contracts/forum';
import type {
  SetSlowModeRequest,
  SetSlowModeResponse,
  SlowModeAdminView,
} from '@reflections/contracts/forum-slow-mode';
import { api } from '../../lib/api';

const fromSlowMode = [{ type: 'Admin' as const, id: READ_MODELS.forumSlowMode }, 'Forum' as const];

/** Each board's slow mode with the last change's why; setting it refreshes every forum read. */
const slowModeAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBoardSlowModes: build.query<SlowModeAdminView[], void>({
      query: () => '/api/admin/moderation/slow-mode',
      providesTags: fromSlowMode,
    }),
    setSlowMode: build.mutation<SetSlowModeResponse, SetSlowModeRequest & { readonly board: ForumBoard }>({
      query: ({ board, ...body }) => ({
        url: `/api/admin/moderation/boards/${encodeURIComponent(board)}/slow-mode`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: fromSlowMode,
    }),
  }),
});

export const { useGetBoardSlowModesQuery, useSetSlowModeMutation } = slowModeAdminApi;
