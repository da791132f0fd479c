import { READ_MODELS } from '@reflections/contracts/admin';
import type { ModerationReportView } from '@reflections/contracts/forum';
import { api } from '../../lib/api';

const fromForum = [{ type: 'Admin' as const, id: READ_MODELS.forum }, 'Forum' as const];

/** Every action carries the moderator's why (issue 26), kept on its event. */
export type ModerationAction = { readonly reason: string } & (
  | { readonly postId: string; readonly replyId: string | null; readonly action: 'hide' | 'restore' }
  | { readonly postId: string; readonly reportId: string; readonly action: 'dismiss' }
);

const actionPath = (target: ModerationAction) => {
  const post = `/api/admin/moderation/posts/${encodeURIComponent(target.postId)}`;
  if (target.action === 'dismiss') return `${post}/reports/${encodeURIComponent(target.reportId)}/dismiss`;
  return target.replyId
    ? `${post}/replies/${encodeURIComponent(target.replyId)}/${target.action}`
    : `${post}/${target.action}`;
};

/** The forum's moderation endpoints: open reports, hide and restore, dismiss. */
const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getModerationReports: build.query<ModerationReportView[], 'open' | 'all'>({
      query: (status) => `/api/admin/moderation/reports?status=${status}`,
      providesTags: fromForum,
    }),
    moderate: build.mutation<{ postId: string; changed: boolean }, ModerationAction>({
      query: (target) => ({ url: actionPath(target), method: 'POST', body: { reason: target.reason } }),
      invalidatesTags: fromForum,
    }),
  }),
});

export const { useGetModerationReportsQuery, useModerateMutation } = moderationApi;
