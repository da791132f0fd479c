import { useGetCrisisCountQuery } from './admin-api';
import { StatCard } from './stat-card';

/** How often crisis resources were shown in the last 7 days: a count, never the words behind it. */
export function CrisisCountCard() {
  const { data, isLoading, error } = useGetCrisisCountQuery();
  return (
    <StatCard
      title="Crisis resources shown"
      value={data?.thisWeek}
      caption="In the last 7 days. No words or names are kept with this count."
      loading={isLoading}
      error={error}
    />
  );
}
