import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MEMBERSHIP_LABELS } from '@reflections/contracts/identity';
import { lazy, Suspense, type ComponentType } from 'react';
import { errorMessage, errorStatus } from '../../lib/api';
import { useCurrentUser } from '../../lib/session/use-current-user';
import { ActivityCard } from './activity-card';
import { CampfireCard, CommunityCard } from './community-cards';
import { CompleteJourneyCard } from './complete-journey-card';
import { useGetDashboardQuery, useGetUserStatsQuery } from './dashboard-api';
import { InsightsCard } from './insights-card';
import { ProfileCard } from './profile-card';
import { StatCards } from './stat-cards';
import { WelcomeDialog } from './welcome-dialog';

type MemberWidget = ComponentType<{ memberId: string }>;

/** The other features' widgets, composed into the dashboard by the app. */
export type DashboardSlots = {
  readonly Chat: MemberWidget;
  readonly Story: MemberWidget;
  readonly Peace: ComponentType;
  readonly RecentEntries: ComponentType;
  /** The member's bookings (docs/product.md#dashboard: /member/bookings is this screen). */
  readonly Bookings: ComponentType;
  /** "Download my data" (issue 24), here until the settings page takes it. */
  readonly DownloadMyData?: ComponentType;
};

// The chart library is the heaviest part of the page: the rest need not wait for it.
const MoodChart = lazy(() => import('./mood-chart').then((module) => ({ default: module.MoodChart })));

/** The member dashboard (docs/product.md#dashboard), at /dashboard and /member/bookings. */
export function DashboardPage({ Chat, Story, Peace, RecentEntries, Bookings, DownloadMyData }: DashboardSlots) {
  const { user } = useCurrentUser();
  const dashboard = useGetDashboardQuery();
  const stats = useGetUserStatsQuery();
  // A 401 ends the session for the whole tab (session-listener.ts); RequireAuth takes the member to sign in.
  const unauthorized = errorStatus(dashboard.error) === 401;

  if (!user) return null;
  const data = dashboard.data;
  const firstName = data?.user.firstName ?? user.firstName;
  const membership = MEMBERSHIP_LABELS[data?.user.membershipType ?? user.membershipType];

  return (
    <Box sx={{ bgcolor: 'background.default', color: 'text.primary' }}>
      <Container component="main" maxWidth="xl" sx={{ py: { xs: 3, md: 5 }, px: { xs: 1.5, sm: 3 } }}>
        <Typography variant="overline" color="text.secondary" component="p">
          {membership} member
        </Typography>
        <Typography variant="h2" component="h1" sx={{ mb: 3 }}>
          Welcome, {firstName}
        </Typography>
        {dashboard.isLoading && (
          <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress color="secondary" aria-label="Loading your dashboard" />
          </Box>
        )}
        {dashboard.isError && !unauthorized && (
          <Stack spacing={2} sx={{ mb: 3 }}>
            <Alert severity="warning">
              Your dashboard could not be loaded just now ({errorMessage(dashboard.error)}).
            </Alert>
            <CompleteJourneyCard />
          </Stack>
        )}
        {data && (
          <>
            <WelcomeDialog memberId={user.id} firstName={firstName} showWelcome={data.showWelcome} />
            <Box
              sx={{
                display: 'grid',
                gap: { xs: 2, md: 3 },
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
                alignItems: 'start',
              }}
            >
              <Stack spacing={{ xs: 2, md: 3 }} sx={{ minWidth: 0 }}>
                <Chat memberId={user.id} />
                <StatCards stats={stats.data} />
                <Suspense fallback={null}>
                  <MoodChart points={stats.data?.moodOverTime ?? []} />
                </Suspense>
                <Story memberId={user.id} />
                <Peace />
                <Suspense fallback={<Typography color="text.secondary">Loading your bookings…</Typography>}>
                  <Bookings />
                </Suspense>
              </Stack>
              <Stack spacing={{ xs: 2, md: 3 }} sx={{ minWidth: 0 }}>
                <ProfileCard dashboard={data} />
                {data.onboardingData ? <InsightsCard onboarding={data.onboardingData} /> : <CompleteJourneyCard />}
                <RecentEntries />
                <CommunityCard announcements={data.announcements} />
                <CampfireCard />
                <ActivityCard />
                {DownloadMyData && <DownloadMyData />}
              </Stack>
            </Box>
          </>
        )}
      </Container>
    </Box>
  );
}
