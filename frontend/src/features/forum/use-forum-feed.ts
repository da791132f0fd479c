import { type PostListArgs, useGetForumFeedInfiniteQuery } from './forum-api';

/** A board's list as the screens show it: every page loaded so far, the board's total, and the next page on demand. */
export function useForumFeed(args: PostListArgs) {
  const feed = useGetForumFeedInfiniteQuery(args);
  const pages = feed.data?.pages ?? [];
  return {
    posts: pages.flatMap((page) => page.posts),
    total: pages[0]?.total ?? 0,
    loaded: feed.data !== undefined,
    isLoading: feed.isLoading,
    isError: feed.isError,
    hasMore: feed.hasNextPage,
    isLoadingMore: feed.isFetchingNextPage,
    loadMore: () => void feed.fetchNextPage(),
  };
}

export type ForumFeed = ReturnType<typeof useForumFeed>;
