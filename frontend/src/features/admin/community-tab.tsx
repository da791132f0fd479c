import Grid from '@mui/material/Grid';
import type { AdminSlots } from './admin-tabs';
import { AnnouncementsEditor } from './announcements-editor';
import { CommunityPulseCard } from './community-pulse-card';
import { ContactInbox } from './contact-inbox';
import { CrisisCountCard } from './crisis-count-card';
import { CrisisDetectionsCard } from './crisis-detections-card';
import { ModerationQueue } from './moderation-queue';
import { SlowModeCard } from './slow-mode-card';

/** Pulse, crisis count and detections by day, announcements, the forum's moderation queue and slow mode, the contact inbox and the analysts' reports. */
export function CommunityTab({ Reports }: AdminSlots) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <CommunityPulseCard />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
        <CrisisCountCard />
      </Grid>
      <Grid size={12}>
        <CrisisDetectionsCard />
      </Grid>
      <Grid size={{ xs: 12, lg: 7 }}>
        <AnnouncementsEditor />
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }} sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <ModerationQueue />
        <SlowModeCard />
      </Grid>
      <Grid size={12}>
        <ContactInbox />
      </Grid>
      <Grid size={12}>
        <Reports />
      </Grid>
    </Grid>
  );
}
