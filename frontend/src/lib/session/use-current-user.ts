import { useGetCurrentUserQuery } from './session-api';

/**
 * The signed-in user: `undefined` while asking, `null` when signed out. A refetch
 * over a signed-out answer (right after sign-in or registration) counts as asking,
 * so guards do not flash "Please sign in" at someone who just signed in.
 */
export function useCurrentUser() {
  const { data, isLoading, isFetching, isError, error } = useGetCurrentUserQuery();
  const asking = isLoading || (isFetching && !data);
  return { user: asking ? undefined : (data ?? null), isLoading: asking, isError, error };
}
