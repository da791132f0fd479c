import type {
  ForumNotifications,
  MarkNotificationsReadRequest,
  NotificationsReadResponse,
} from '@reflections/contracts/forum-notifications';
import { api } from '../../lib/api';
import { listenToForum } from './forum-live';

/** Issue 26: replies to his posts and threads, kept current by the live stream while a page is open. */
const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getForumNotifications: build.query<ForumNotifications, void>({
      query: () => '/api/forum/notifications',
      providesTags: ['ForumNotifications'],
      async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, dispatch, getCacheEntry }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const refetch = () => dispatch(notificationsApi.util.invalidateTags(['ForumNotifications']));
        const stop = listenToForum({
          // A new count means a new (or newly hidden) reply: the list is read again; a count read elsewhere only moves the badge.
          onUnread: (unread) => {
            if (unread > (getCacheEntry().data?.unread ?? 0)) refetch();
            else updateCachedData((draft) => void (draft.unread = unread));
          },
          onReconnect: refetch,
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
    markNotificationsRead: build.mutation<NotificationsReadResponse, MarkNotificationsReadRequest>({
      query: (body) => ({ url: '/api/forum/notifications/read', method: 'POST', body }),
      invalidatesTags: ['ForumNotifications'],
    }),
  }),
});

export const { useGetForumNotificationsQuery, useMarkNotificationsReadMutation } = notificationsApi;
