import type {
  AddReplyResponse,
  AiProfile,
  CampfirePostRequest,
  CampfireReplyRequest,
  CreatePostResponse,
  EditResponse,
  ForumBoard,
  ForumCategory,
  ForumPostDetail,
  ReportResponse,
  ResponderPostRequest,
  ResponderReplyRequest,
} from '@reflections/contracts/forum';
import type { CircleFigures } from '@reflections/contracts/forum-circle';
import type { ForumPostPage } from '@reflections/contracts/forum-paging';
import type { ReactionKind } from '@reflections/contracts/forum-reactions';
import { api } from '../../lib/api';

/** A board's list, or with `q` its search results (issue 26). */
export type PostListArgs = {
  readonly board: ForumBoard;
  readonly category?: string;
  readonly categoryId?: number;
  readonly q?: string;
  readonly circle?: boolean;
};

type ModerationTarget = { readonly postId: string; readonly replyId?: string };
/** A moderator's hide or restore, with his reason (issue 26: every moderator action says why). */
type Moderation = ModerationTarget & { readonly action: 'hide' | 'restore'; readonly reason: string };

const listParams = ({ board, category, categoryId }: PostListArgs) => {
  const params = new URLSearchParams({ board });
  if (category && category !== 'all') params.set('category', category);
  if (categoryId !== undefined) params.set('categoryId', String(categoryId));
  return params;
};

/** A page of the list: the first has no cursor, each next one starts after the last post shown. */
const feedQuery = (args: PostListArgs, after: string | null) => {
  const params = listParams(args);
  if (args.q) params.set('q', args.q);
  if (args.circle) params.set('circle', 'mine');
  if (after) params.set('after', after);
  return `/api/forum/${args.q ? 'search' : 'feed'}?${params}`;
};

const ownPath = ({ postId, replyId }: ModerationTarget) =>
  `/api/forum/posts/${postId}${replyId ? `/replies/${replyId}` : ''}`;

const moderationPath = ({ postId, replyId }: ModerationTarget) =>
  `/api/admin/moderation/posts/${postId}${replyId ? `/replies/${replyId}` : ''}`;

/** The forum's calls (docs/product.md#forum-calls). Every write refreshes every forum read. */
export const forumApi = api.injectEndpoints({
  endpoints: (build) => ({
    getForumCategories: build.query<ForumCategory[], ForumBoard>({
      query: (board) => `/api/forum/categories?board=${board}`,
      providesTags: ['Forum'],
    }),
    /** Issue 26: 20 posts a page, more on "Load more"; a write refetches every page loaded. */
    getForumFeed: build.infiniteQuery<ForumPostPage, PostListArgs, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (last) => last.nextCursor },
      query: ({ queryArg, pageParam }) => feedQuery(queryArg, pageParam),
      providesTags: ['Forum'],
    }),
    getForumPost: build.query<ForumPostDetail, string>({
      query: (postId) => `/api/forum/posts/${postId}`,
      providesTags: ['Forum'],
    }),
    /** Issue 26: his circle's figures, asked only when signed in. */
    getCircleFigures: build.query<CircleFigures, void>({
      query: () => '/api/forum/circle',
      providesTags: ['Forum'],
    }),
    /** docs/product.md#forum-boards: asked only when signed in. */
    getAiProfile: build.query<AiProfile, void>({
      query: () => '/api/ai/profile',
      providesTags: ['User'],
    }),
    createForumPost: build.mutation<CreatePostResponse, CampfirePostRequest | ResponderPostRequest>({
      query: (body) => ({ url: '/api/forum/posts', method: 'POST', body }),
      invalidatesTags: ['Forum'],
    }),
    addForumReply: build.mutation<
      AddReplyResponse,
      { readonly postId: string; readonly reply: CampfireReplyRequest | ResponderReplyRequest }
    >({
      query: ({ postId, reply }) => ({ url: `/api/forum/posts/${postId}/replies`, method: 'POST', body: reply }),
      invalidatesTags: ['Forum'],
    }),
    /** Issue 26: the author's own edit (a post's title and words, or a reply's words) and deletion. */
    editForumContent: build.mutation<
      EditResponse,
      ModerationTarget & { readonly body: { readonly title?: string; readonly content: string } }
    >({
      query: ({ postId, replyId, body }) => ({ url: ownPath({ postId, replyId }), method: 'PATCH', body }),
      invalidatesTags: ['Forum'],
    }),
    deleteForumContent: build.mutation<unknown, ModerationTarget>({
      query: (target) => ({ url: ownPath(target), method: 'DELETE' }),
      invalidatesTags: ['Forum'],
    }),
    /** Issue 26: a support reaction given or withdrawn. */
    reactToForumContent: build.mutation<
      unknown,
      ModerationTarget & { readonly kind: ReactionKind; readonly given: boolean; readonly isAnonymous: boolean }
    >({
      query: ({ postId, replyId, kind, given, isAnonymous }) =>
        given
          ? { url: `${ownPath({ postId, replyId })}/reactions`, method: 'POST', body: { kind, isAnonymous } }
          : { url: `${ownPath({ postId, replyId })}/reactions/${kind}`, method: 'DELETE' },
      invalidatesTags: ['Forum'],
    }),
    reportForumContent: build.mutation<ReportResponse, ModerationTarget & { readonly reason: string }>({
      query: ({ postId, replyId, reason }) => ({
        url: `/api/forum/posts/${postId}${replyId ? `/replies/${replyId}` : ''}/report`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['Admin'],
    }),
    setPostPinned: build.mutation<unknown, { readonly postId: string; readonly pinned: boolean }>({
      query: ({ postId, pinned }) => ({ url: `/api/forum/posts/${postId}/pin`, method: pinned ? 'POST' : 'DELETE' }),
      invalidatesTags: ['Forum'],
    }),
    moderateForumContent: build.mutation<unknown, Moderation>({
      query: (target) => ({
        url: `${moderationPath(target)}/${target.action}`,
        method: 'POST',
        body: { reason: target.reason },
      }),
      invalidatesTags: ['Forum', 'Admin'],
    }),
  }),
});

export const {
  useGetForumCategoriesQuery,
  useGetForumFeedInfiniteQuery,
  useGetForumPostQuery,
  useGetAiProfileQuery,
  useGetCircleFiguresQuery,
  useCreateForumPostMutation,
  useAddForumReplyMutation,
  useReportForumContentMutation,
  useReactToForumContentMutation,
  useEditForumContentMutation,
  useDeleteForumContentMutation,
  useSetPostPinnedMutation,
  useModerateForumContentMutation,
} = forumApi;
