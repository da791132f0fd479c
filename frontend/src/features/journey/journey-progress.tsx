import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** Step `step` of `of`: the visitor's 19, or the signed-in member's questions. */
export function JourneyProgress({ step, of }: { readonly step: number; readonly of: number }) {
  return (
    <Box sx={{ mb: { xs: 2, md: 4 } }}>
      <Typography variant="overline" color="text.secondary" component="p">
        Step {step} of {of}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.round((step / of) * 100)}
        aria-label="Journey progress"
        aria-valuetext={`Step ${step} of ${of}`}
        sx={(theme) => ({
          height: 8,
          borderRadius: 4,
          bgcolor: theme.alpha(theme.palette.primary.main, 0.15),
          '& .MuiLinearProgress-bar': { borderRadius: 4 },
        })}
      />
    </Box>
  );
}
