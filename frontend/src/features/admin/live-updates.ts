import { LiveChange } from '@reflections/contracts/admin';
import { api } from '../../lib/api';

export type LiveState = {
  readonly connection: 'connecting' | 'live' | 'reconnecting';
  readonly position: string | null;
};

/** Sent by the server when a reconnecting screen may have missed changes of any read model. */
const EVERY_READ_MODEL = '*';
/** After the server refused or closed the stream for good, try a fresh one this much later. */
const REOPEN_AFTER_MS = 3000;

const invalidate = (readModels: readonly string[]) =>
  readModels.includes(EVERY_READ_MODEL)
    ? api.util.invalidateTags(['Admin'])
    : api.util.invalidateTags(readModels.map((id) => ({ type: 'Admin' as const, id })));

/**
 * The admin screen's live feed: GET /api/admin/live (server-sent events). Each change
 * refetches the queries built on the read models it names. EventSource reconnects by
 * itself and sends Last-Event-ID, so the server replays a missed change; after any drop
 * everything is refetched as well, so nothing applied while away is missed.
 */
const liveApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminLive: build.query<LiveState, void>({
      queryFn: () => ({ data: { connection: 'connecting', position: null } }),
      // The stream closes as soon as no screen watches it.
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        await cacheDataLoaded;
        let source: EventSource | null = null;
        let reopen: ReturnType<typeof setTimeout> | null = null;
        let dropped = false;
        const open = () => {
          source = new EventSource('/api/admin/live', { withCredentials: true });
          source.onopen = () => {
            updateCachedData((state) => ({ ...state, connection: 'live' }));
            if (dropped) dispatch(invalidate([EVERY_READ_MODEL]));
            dropped = false;
          };
          source.onerror = () => {
            dropped = true;
            updateCachedData((state) => ({ ...state, connection: 'reconnecting' }));
            if (source?.readyState === EventSource.CLOSED) {
              source.close();
              reopen = setTimeout(open, REOPEN_AFTER_MS);
            }
          };
          source.addEventListener('change', (event) => {
            const decoded = LiveChange.decode(JSON.parse((event as MessageEvent<string>).data));
            if (decoded._tag === 'Left') return;
            updateCachedData((state) => ({ ...state, position: decoded.right.position }));
            dispatch(invalidate(decoded.right.readModels));
          });
        };
        open();
        await cacheEntryRemoved;
        if (reopen) clearTimeout(reopen);
        (source as EventSource | null)?.close();
      },
    }),
  }),
});

export const { useAdminLiveQuery } = liveApi;
