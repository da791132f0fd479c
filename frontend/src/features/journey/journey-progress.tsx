import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { JOURNEY_STEP_COUNT } from '@reflections/contracts/onboarding';

export function JourneyProgress({ step }: { readonly step: number }) {
  return (
    <Box sx={{ mb: { xs: 2, md: 4 } }}>
      <Typography variant="overline" color="text.secondary" component="p">
        Step {step} of {JOURNEY_STEP_COUNT}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.round((step / JOURNEY_STEP_COUNT) * 100)}
        aria-label="Journey progress"
        aria-valuetext={`Step ${step} of ${JOURNEY_STEP_COUNT}`}
        sx={(theme) => ({ height: 8, borderRadius: 4, bgcolor: theme.alpha(theme.palette.primary.main, 0.15), '& .MuiLinearProgress-bar': { borderRadius: 4 } })}
      />
    </Box>
  );
}
