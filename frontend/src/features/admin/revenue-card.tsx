import { monthlyRevenue, type AdminStats } from '@reflections/contracts/admin';
import { formatDollars } from './format';
import { StatCard } from './stat-card';

/** docs/product.md#admin-panel: premium members × $29 plus VIP members × $99, from the live counts; not shown while a paying tier has fewer than 5 members. */
export function RevenueCard({
  stats,
  loading,
  error,
}: {
  readonly stats: AdminStats | undefined;
  readonly loading: boolean;
  readonly error: unknown;
}) {
  const revenue = stats ? monthlyRevenue(stats) : null;
  return (
    <StatCard
      title="Monthly revenue"
      value={stats ? (revenue === null ? 'Not shown' : formatDollars(revenue)) : undefined}
      caption={stats ? `${stats.premiumUsers} Premium × $29 + ${stats.vipUsers} VIP × $99` : undefined}
      loading={loading}
      error={error}
    />
  );
}
