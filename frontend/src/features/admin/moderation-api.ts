import { READ_MODELS } from '@reflections/contracts/admin';
import type { ModerationReportView } from '@reflections/contracts/forum';
import { api } from '../../lib/api';

const fromForum = [{ type: 'Admin' as const, id: READ_MODELS.forum }, 'Forum' as const];

export type ModerationAction = { readonly postId: string; readonly replyId: string | null; readonly action: 'hide' | 'restore' } | { readonly postId: string; readonly reportId: string; readonly action: 'dismiss' };

const actionPath = (target: ModerationAction) => {
  const post = `/api/admin/moderation/posts/${encodeURIComponent(target.postId)}`;
  if (target.action === 'dismiss') return `${post}/reports/${encodeURIComponent(target.reportId)}/dismiss`;
  return target.replyId ? `${post}/replies/${encodeURIComponent(target.replyId)}/${target.action}` : `${post}/${target.action}`;
};

/** The forum's moderation endpoints: open reports, hide and restore, dismiss. */
const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getModerationReports: build.query<ModerationReportView[], 'open' | 'all'>({
      query: (status) => `/api/admin/moderation/reports?status=${status}`,
      providesTags: fromForum,
    }),
    moderate: build.mutation<{ postId: string; changed: boolean }, ModerationAction>({
      query: (target) => ({ url: actionPath(target), method: 'POST' }),
      invalidatesTags: fromForum,
    }),
  }),
});

export const { useGetModerationReportsQuery, useModerateMutation } = moderationApi;
