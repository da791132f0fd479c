import type {
  AddReplyResponse,
  AiProfile,
  CampfirePostRequest,
  CampfireReplyRequest,
  CreatePostResponse,
  ForumBoard,
  ForumCategory,
  ForumPostDetail,
  ForumPostView,
  ForumReplyView,
  ReportResponse,
  ResponderPostRequest,
  ResponderReplyRequest,
} from '@reflections/contracts/forum';
import { api } from '../../lib/api';

export type PostListArgs = { readonly board: ForumBoard; readonly category?: string; readonly categoryId?: number };

type ModerationTarget = { readonly postId: string; readonly replyId?: string };
type Moderation = ModerationTarget & { readonly action: 'hide' | 'restore' };

const listQuery = ({ board, category, categoryId }: PostListArgs) => {
  const params = new URLSearchParams({ board });
  if (category && category !== 'all') params.set('category', category);
  if (categoryId !== undefined) params.set('categoryId', String(categoryId));
  return `/api/forum/posts?${params}`;
};

const moderationPath = ({ postId, replyId }: ModerationTarget) => `/api/admin/moderation/posts/${postId}${replyId ? `/replies/${replyId}` : ''}`;

/** The forum's calls (spec 001 §7). Every write refreshes every forum read. */
const forumApi = api.injectEndpoints({
  endpoints: (build) => ({
    getForumCategories: build.query<ForumCategory[], ForumBoard>({
      query: (board) => `/api/forum/categories?board=${board}`,
      providesTags: ['Forum'],
    }),
    getForumPosts: build.query<ForumPostView[], PostListArgs>({
      query: listQuery,
      providesTags: ['Forum'],
    }),
    getForumPost: build.query<ForumPostDetail, string>({
      query: (postId) => `/api/forum/posts/${postId}`,
      providesTags: ['Forum'],
    }),
    getForumReplies: build.query<ForumReplyView[], string>({
      query: (postId) => `/api/forum/posts/${postId}/replies`,
      providesTags: ['Forum'],
    }),
    /** Spec 001 §6: asked only when signed in. */
    getAiProfile: build.query<AiProfile, void>({
      query: () => '/api/ai/profile',
      providesTags: ['User'],
    }),
    createForumPost: build.mutation<CreatePostResponse, CampfirePostRequest | ResponderPostRequest>({
      query: (body) => ({ url: '/api/forum/posts', method: 'POST', body }),
      invalidatesTags: ['Forum'],
    }),
    addForumReply: build.mutation<AddReplyResponse, { readonly postId: string; readonly reply: CampfireReplyRequest | ResponderReplyRequest }>({
      query: ({ postId, reply }) => ({ url: `/api/forum/posts/${postId}/replies`, method: 'POST', body: reply }),
      invalidatesTags: ['Forum'],
    }),
    reportForumContent: build.mutation<ReportResponse, ModerationTarget & { readonly reason: string }>({
      query: ({ postId, replyId, reason }) => ({ url: `/api/forum/posts/${postId}${replyId ? `/replies/${replyId}` : ''}/report`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Admin'],
    }),
    setPostPinned: build.mutation<unknown, { readonly postId: string; readonly pinned: boolean }>({
      query: ({ postId, pinned }) => ({ url: `/api/forum/posts/${postId}/pin`, method: pinned ? 'POST' : 'DELETE' }),
      invalidatesTags: ['Forum'],
    }),
    moderateForumContent: build.mutation<unknown, Moderation>({
      query: (target) => ({ url: `${moderationPath(target)}/${target.action}`, method: 'POST' }),
      invalidatesTags: ['Forum', 'Admin'],
    }),
  }),
});

export const {
  useGetForumCategoriesQuery,
  useGetForumPostsQuery,
  useGetForumPostQuery,
  useGetForumRepliesQuery,
  useGetAiProfileQuery,
  useCreateForumPostMutation,
  useAddForumReplyMutation,
  useReportForumContentMutation,
  useSetPostPinnedMutation,
  useModerateForumContentMutation,
} = forumApi;
