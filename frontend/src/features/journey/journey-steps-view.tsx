import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { JOURNEY_STEP_COUNT } from '@reflections/contracts/onboarding';
import { useEffect, useRef, type Dispatch, type FormEvent } from 'react';
import { canAdvance, type JourneyEvent, type JourneyState } from './journey-machine';
import { JourneyProgress } from './journey-progress';
import { JourneyStepBody } from './journey-step-body';
import { journeyStep, stepHeading } from './journey-steps';
import { JourneyTree } from './journey-tree';

const HEADING_ID = 'journey-step-heading';

type JourneyStepsViewProps = {
  readonly state: JourneyState;
  readonly send: Dispatch<JourneyEvent>;
  readonly onProceed: () => void;
  readonly creating: boolean;
};

/** Steps 2 to 19: progress, the growing tree, one question, Back and Next. */
export function JourneyStepsView({ state, send, onProceed, creating }: JourneyStepsViewProps) {
  const step = journeyStep(state.step);
  const { title, hint } = stepHeading(step);
  const ready = canAdvance(state);
  const last = state.step === JOURNEY_STEP_COUNT;
  const body = useRef<HTMLDivElement>(null);

  // Each new step puts focus on its control: keyboard users carry on, screen readers hear the question.
  useEffect(() => {
    const within = body.current;
    const control = within?.querySelector<HTMLElement>('input:checked') ?? within?.querySelector<HTMLElement>('input, textarea');
    control?.focus();
  }, [state.step]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onProceed();
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 6 } }}>
      <JourneyProgress step={state.step} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '220px 1fr' }, gap: { xs: 2, md: 6 }, alignItems: 'start' }}>
        <Box sx={{ pt: { md: 4 } }}>
          <JourneyTree step={state.step} />
        </Box>
        <Box component="form" noValidate onSubmit={submit} aria-labelledby={HEADING_ID}>
          <Typography id={HEADING_ID} variant="h4" component="h1" sx={{ mb: hint ? 1 : 3 }}>
            {title}
          </Typography>
          {hint && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {hint}
            </Typography>
          )}
          <Box ref={body}>
            <JourneyStepBody step={step} state={state} send={send} headingId={HEADING_ID} />
          </Box>
          <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: 'space-between', alignItems: 'center' }}>
            <Button onClick={() => send({ type: 'wentBack' })} startIcon={<ArrowBackIcon />} color="inherit">
              Back
            </Button>
            {last ? (
              <Button
                type="submit"
                variant="contained"
                color="secondary"
                size="large"
                disabled={!ready || creating}
                startIcon={creating ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                Create my account
              </Button>
            ) : (
              <Button type="submit" variant="contained" size="large" disabled={!ready} endIcon={<ArrowForwardIcon />}>
                Next
              </Button>
            )}
          </Stack>
        </Box>
      </Box>
    </Container>
  );
}
