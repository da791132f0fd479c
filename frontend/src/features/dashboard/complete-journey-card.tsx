import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PanelCard } from '../../components/panel-card';

/** Shown when there is no journey data to build the dashboard's insights from (docs/product.md#dashboard). */
export function CompleteJourneyCard() {
  return (
    <PanelCard title="Complete Your Journey">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Take the two-minute reflection journey to build your emotional profile, discover your archetype and see your
        insights here.
      </Typography>
      <Button component={RouterLink} to="/member/journey" variant="contained" color="secondary">
        Begin the Journey
      </Button>
    </PanelCard>
  );
}
