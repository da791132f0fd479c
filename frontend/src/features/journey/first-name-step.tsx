import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Fade from '@mui/material/Fade';
import Typography from '@mui/material/Typography';
import type { Dispatch, FormEvent } from 'react';
import { RegisterRequest } from '@reflections/contracts/identity';
import { LimitedTextField } from '../../components/limited-text-field';
import { textLimitsOf } from '../../lib/text-limits';
import { JourneyIntro } from './journey-intro';
import { canAdvance, type JourneyEvent, type JourneyState } from './journey-machine';
import { journeyStep, stepHeading } from './journey-steps';

const LIMITS = textLimitsOf(RegisterRequest);

type FirstNameStepProps = {
  readonly state: JourneyState;
  readonly send: Dispatch<JourneyEvent>;
  readonly onProceed: () => void;
};

/** Step 1: the intro, then the first name (docs/product.md#journey). */
export function FirstNameStep({ state, send, onProceed }: FirstNameStepProps) {
  const introDone = state.phase === 'steps';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onProceed();
  };

  return (
    <Container maxWidth="sm" sx={{ minHeight: '80vh', display: 'grid', alignContent: 'center', py: { xs: 6, sm: 10 } }}>
      <JourneyIntro typing={!introDone} onDone={() => send({ type: 'introFinished' })} />
      {introDone && (
        <Fade in appear>
          <Box component="form" noValidate onSubmit={submit} aria-labelledby="journey-name-heading" sx={{ mt: 3 }}>
            <Typography id="journey-name-heading" variant="h3" component="h1" sx={{ mb: 3 }}>
              {stepHeading(journeyStep(1)).title}
            </Typography>
            <LimitedTextField
              label="First name"
              autoComplete="given-name"
              autoFocus
              limit={LIMITS.firstName}
              value={state.firstName}
              onChange={(event) => send({ type: 'firstNameChanged', value: event.target.value })}
            />
            <Button type="submit" variant="contained" size="large" disabled={!canAdvance(state)} sx={{ mt: 3 }}>
              Continue
            </Button>
          </Box>
        </Fade>
      )}
    </Container>
  );
}
