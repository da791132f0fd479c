import { useGetCurrentUserQuery } from './session-api';

/** The signed-in user: `undefined` while asking, `null` when signed out. */
export function useCurrentUser() {
  const { data, isLoading, isError, error } = useGetCurrentUserQuery();
  return { user: isLoading ? undefined : (data ?? null), isLoading, isError, error };
}
