import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { DashboardPayload } from '@reflections/contracts/dashboard';
import { MEMBERSHIP_LABELS } from '@reflections/contracts/identity';
import { Link as RouterLink } from 'react-router-dom';
import { ArchetypeIcon } from '../../components/archetype-icon';
import { PanelCard } from '../../components/panel-card';
import { SignOutEverywhereButton } from '../../components/sign-out-everywhere-button';

/** Name, membership and archetype, or the way to the journey that assigns one (docs/product.md#dashboard). */
export function ProfileCard({ dashboard }: { readonly dashboard: DashboardPayload }) {
  const { user, userArchetype } = dashboard;
  return (
    <PanelCard title="Your Profile">
      <Typography variant="h6" component="p">
        {[user.firstName, user.lastName].filter(Boolean).join(' ')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {MEMBERSHIP_LABELS[user.membershipType]} member
      </Typography>
      {userArchetype ? (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <ArchetypeIcon
            archetype={userArchetype.id}
            title={userArchetype.title}
            color="secondary"
            sx={{ fontSize: '2.5rem', flexShrink: 0 }}
          />
          <Box>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
              {userArchetype.title}
            </Typography>
            <Typography color="text.secondary">{userArchetype.represents}</Typography>
          </Box>
        </Box>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Complete your first reflection journey to discover your archetype.
          </Typography>
          <Button component={RouterLink} to="/member/journey" variant="outlined" color="secondary">
            Take the Journey
          </Button>
        </>
      )}
      <Box sx={{ mt: 2 }}>
        <Button component={RouterLink} to="/member/settings" variant="text" color="secondary" size="small">
          Settings
        </Button>
        <SignOutEverywhereButton />
      </Box>
    </PanelCard>
  );
}
