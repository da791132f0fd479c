import Grid from '@mui/material/Grid';
import { AiAssistantCard } from './ai-assistant-card';
import { CommunityPulseCard } from './community-pulse-card';
import { MembershipGrowthChart } from './membership-growth-chart';
import { StatsCards } from './stats-cards';
import { SystemHealthCard } from './system-health-card';
import { UpcomingEventsCard } from './upcoming-events-card';
import { UserSearchCard } from './user-search-card';

export function DashboardTab() {
  return (
    <Grid container spacing={2}>
      <StatsCards />
      <Grid size={{ xs: 12, lg: 8 }}>
        <MembershipGrowthChart />
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <SystemHealthCard />
      </Grid>
      <Grid size={{ xs: 12, lg: 8 }}>
        <CommunityPulseCard />
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <UpcomingEventsCard />
      </Grid>
      <Grid size={{ xs: 12, lg: 7 }}>
        <UserSearchCard />
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <AiAssistantCard />
      </Grid>
    </Grid>
  );
}
