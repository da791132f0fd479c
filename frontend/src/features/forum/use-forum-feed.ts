import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ForumLiveChange } from '@reflections/contracts/forum-notifications';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { errorStatus } from '../../lib/api';
import { forumApi, type PostListArgs, useGetForumFeedInfiniteQuery } from './forum-api';
import { listenToForum } from './forum-live';

// The thunks read the api slice of the root state, which a feature does not import from the app.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

/** Whether a post created on the board belongs in this list (search results take no new posts). */
const belongs = (args: PostListArgs, change: ForumLiveChange) =>
  change.board === args.board &&
  !args.q &&
  !args.circle &&
  (args.categoryId === undefined || args.categoryId === change.categoryId) &&
  (!args.category || args.category === 'all' || args.category === change.category);

/** Reads one post again and puts it in place in every loaded page of this list, or takes it out when it is gone (hidden, deleted). */
async function refreshPost(dispatch: Dispatch, args: PostListArgs, postId: string) {
  const result = await dispatch(
    forumApi.endpoints.getForumPost.initiate(postId, { subscribe: false, forceRefetch: true }),
  );
  const gone = errorStatus(result.error) === 404;
  if (!result.data && !gone) return;
  dispatch(
    forumApi.util.updateQueryData('getForumFeed', args, (draft) => {
      for (const page of draft.pages) {
        const index = page.posts.findIndex((post) => post.id === postId);
        if (index < 0) continue;
        if (result.data) page.posts[index] = result.data.post;
        else page.posts.splice(index, 1);
      }
    }),
  );
}

/**
 * A board's list as the screens show it: every page loaded so far, the board's total, and the
 * next page on demand. `live` (signed in, issue 26): posts shown follow their edits, replies and
 * hiding in place; new posts are counted for a "new posts" banner instead of moving the list.
 */
export function useForumFeed(args: PostListArgs, live = false) {
  const feed = useGetForumFeedInfiniteQuery(args);
  const dispatch = useDispatch<Dispatch>();
  const pages = feed.data?.pages ?? [];
  const posts = useMemo(() => pages.flatMap((page) => page.posts), [pages]);
  const [arrived, setArrived] = useState<readonly string[]>([]);
  const shown = useRef(new Set<string>());
  shown.current = new Set(posts.map((post) => post.id));
  const argsRef = useRef(args);
  argsRef.current = args;
  const key = JSON.stringify(args);

  useEffect(() => {
    setArrived([]);
    if (!live) return undefined;
    return listenToForum({
      onChange: (change) => {
        const current = argsRef.current;
        if (shown.current.has(change.postId)) void refreshPost(dispatch, current, change.postId);
        else if (change.kind === 'posted' && belongs(current, change))
          setArrived((ids) => (ids.includes(change.postId) ? ids : [...ids, change.postId]));
      },
    });
  }, [live, key, dispatch]);

  const newPosts = arrived.filter((id) => !shown.current.has(id)).length;
  return {
    posts,
    total: pages[0]?.total ?? 0,
    loaded: feed.data !== undefined,
    isLoading: feed.isLoading,
    isError: feed.isError,
    hasMore: feed.hasNextPage,
    isLoadingMore: feed.isFetchingNextPage,
    loadMore: () => void feed.fetchNextPage(),
    /** Posts that arrived since the list was read (issue 26). */
    newPosts,
    showNewPosts: () => {
      setArrived([]);
      void feed.refetch();
    },
  };
}

export type ForumFeed = ReturnType<typeof useForumFeed>;
