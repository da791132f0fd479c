import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { AnnouncementsEditor } from './announcements-editor';
import { CommunityPulseCard } from './community-pulse-card';
import { CrisisCountCard } from './crisis-count-card';
import { ModerationQueue } from './moderation-queue';
import { WidgetCard } from './widget-card';

/** Pulse, crisis count, announcements, the forum's moderation queue; analysts' reports join here. */
export function CommunityTab() {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <CommunityPulseCard />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
        <CrisisCountCard />
      </Grid>
      <Grid size={{ xs: 12, lg: 7 }}>
        <AnnouncementsEditor />
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <ModerationQueue />
      </Grid>
      <Grid size={12}>
        <WidgetCard title="Reports">
          <Typography color="text.secondary">Analysts’ reports replayed from the event log will appear here.</Typography>
        </WidgetCard>
      </Grid>
    </Grid>
  );
}
