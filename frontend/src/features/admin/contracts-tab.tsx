import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { MEMBERSHIP_PRICES } from '@reflections/contracts/admin';
import { MEMBERSHIP_LABELS, type MembershipType } from '@reflections/contracts/identity';
import { useGetAdminStatsQuery } from './admin-api';
import { formatCount, formatDollars } from './format';
import { WidgetCard } from './widget-card';

const TIERS: readonly { type: MembershipType; countOf: 'freeUsers' | 'premiumUsers' | 'vipUsers' }[] = [
  { type: 'free', countOf: 'freeUsers' },
  { type: 'premium', countOf: 'premiumUsers' },
  { type: 'vip', countOf: 'vipUsers' },
];

/** The membership tiers with their prices (docs/product.md#who-uses-it) and how many members hold each. */
export function ContractsTab() {
  const { data, isLoading, error } = useGetAdminStatsQuery();
  return (
    <Grid container spacing={2}>
      {TIERS.map(({ type, countOf }) => {
        const members = data?.[countOf] ?? 0;
        // 'fewer than 5' has no sum: the tier's revenue would give its count away.
        return (
          <Grid key={type} size={{ xs: 12, md: 4 }}>
            <WidgetCard title={MEMBERSHIP_LABELS[type]} loading={isLoading} error={error}>
              <Typography component="p" variant="h4">
                {formatDollars(MEMBERSHIP_PRICES[type])}
                <Typography component="span" color="text.secondary">
                  /month
                </Typography>
              </Typography>
              <Typography>
                {formatCount(members)} {members === 1 ? 'member' : 'members'}
              </Typography>
              {typeof members === 'number' && (
                <Typography variant="body2" color="text.secondary">
                  {formatDollars(members * MEMBERSHIP_PRICES[type])} a month
                </Typography>
              )}
            </WidgetCard>
          </Grid>
        );
      })}
    </Grid>
  );
}
