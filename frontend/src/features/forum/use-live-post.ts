import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { forumApi } from './forum-api';
import { listenToForum } from './forum-live';

/**
 * Issue 26: an open post follows its replies, edits, reactions and hiding while a member reads
 * it; the replies he is reading stay where they are (new ones come below).
 */
export function useLivePost(postId: string | undefined, live: boolean) {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  useEffect(() => {
    if (!live || postId === undefined) return undefined;
    const refresh = () =>
      void dispatch(forumApi.endpoints.getForumPost.initiate(postId, { subscribe: false, forceRefetch: true }));
    return listenToForum({
      onChange: (change) => (change.postId === postId ? refresh() : undefined),
      onReconnect: refresh,
    });
  }, [postId, live, dispatch]);
}
