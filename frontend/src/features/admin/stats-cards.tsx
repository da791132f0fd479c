import Grid from '@mui/material/Grid';
import type { PeopleCount } from '@reflections/contracts/admin';
import { useGetAdminStatsQuery } from './admin-api';
import { formatCount } from './format';
import { RevenueCard } from './revenue-card';
import { StatCard } from './stat-card';

/** Members in total, active in the last 30 days, by tier, and what they bring in each month. */
export function StatsCards() {
  const { data, isLoading, error } = useGetAdminStatsQuery();
  const count = (value: PeopleCount | undefined) => (value === undefined ? undefined : formatCount(value));
  const cards = [
    { title: 'Total members', value: count(data?.totalUsers), caption: 'Everyone who has registered' },
    { title: 'Active members', value: count(data?.activeUsers), caption: 'Signed in within 30 days' },
    {
      title: 'Explorer · Premium · VIP',
      value: data ? `${data.freeUsers} · ${data.premiumUsers} · ${data.vipUsers}` : undefined,
      caption: 'Members by tier',
    },
  ];
  return (
    <>
      {cards.map((card) => (
        <Grid key={card.title} size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard {...card} loading={isLoading} error={error} />
        </Grid>
      ))}
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <RevenueCard stats={data} loading={isLoading} error={error} />
      </Grid>
    </>
  );
}
