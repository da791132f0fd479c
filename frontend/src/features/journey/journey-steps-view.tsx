import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type Dispatch, type FormEvent } from 'react';
import { canAdvance, type JourneyEvent, type JourneyState } from './journey-machine';
import { JourneyProgress } from './journey-progress';
import { JourneyStepBody } from './journey-step-body';
import { journeyStep, stepHeading, type StepRange } from './journey-steps';
import { JourneyTree } from './journey-tree';

const HEADING_ID = 'journey-step-heading';

type JourneyStepsViewProps = {
  readonly state: JourneyState;
  readonly send: Dispatch<JourneyEvent>;
  readonly onProceed: () => void;
  /** The steps this journey asks: all 19 for a visitor, the questions for a signed-in member. */
  readonly steps: StepRange;
  /** What the last step's button does: "Create my account", "Save my answers". */
  readonly finishLabel: string;
  readonly finishing: boolean;
};

/** Every step but the first name: progress, the growing tree, one question, Back and Next. */
export function JourneyStepsView({ state, send, onProceed, steps, finishLabel, finishing }: JourneyStepsViewProps) {
  const step = journeyStep(state.step);
  const { title, hint } = stepHeading(step);
  const ready = canAdvance(state);
  const last = state.step === steps.last;
  const body = useRef<HTMLDivElement>(null);

  // Each new step puts focus on its control: keyboard users carry on, screen readers hear the question.
  useEffect(() => {
    const within = body.current;
    const control =
      within?.querySelector<HTMLElement>('input:checked') ?? within?.querySelector<HTMLElement>('input, textarea');
    control?.focus();
  }, [state.step]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onProceed();
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 6 } }}>
      <JourneyProgress step={state.step - steps.first + 1} of={steps.last - steps.first + 1} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '220px 1fr' },
          gap: { xs: 2, md: 6 },
          alignItems: 'start',
        }}
      >
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
            <Button
              onClick={() => send({ type: 'wentBack' })}
              disabled={state.step === steps.first}
              startIcon={<ArrowBackIcon />}
              color="inherit"
            >
              Back
            </Button>
            {last ? (
              <Button
                type="submit"
                variant="contained"
                color="secondary"
                size="large"
                disabled={!ready || finishing}
                startIcon={finishing ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                {finishLabel}
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
