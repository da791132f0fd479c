import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Fade from '@mui/material/Fade';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TypedText } from '../../components/typed-text';

const QUESTION = 'Have you been here before?';

/** docs/product.md#pre-journey: one question that sends newcomers to the journey and members to sign in. */
export default function PreJourneyPage() {
  const [asked, setAsked] = useState(false);
  const showChoices = useCallback(() => setAsked(true), []);
  const firstChoice = useRef<HTMLAnchorElement>(null);

  // The first choice takes focus so that Enter, which brought many people here, carries on.
  // (React's autoFocus skips links.)
  useEffect(() => {
    if (asked) firstChoice.current?.focus();
  }, [asked]);

  return (
    <Box sx={{ minHeight: '80vh', display: 'grid', placeItems: 'center', px: 2, py: { xs: 8, sm: 12 } }}>
      <Container maxWidth="sm" sx={{ textAlign: 'center' }}>
        <TypedText
          text={QUESTION}
          msPerChar={55}
          startDelayMs={300}
          caret
          onDone={showChoices}
          variant="h2"
          component="h1"
          sx={{ mb: 2 }}
        />
        <Typography color="text.secondary" sx={{ mb: 5 }}>
          Either way, you are welcome here.
        </Typography>
        {/* Room is kept for the choices so nothing jumps when they appear. */}
        <Box sx={{ minHeight: { xs: 128, sm: 56 } }}>
          {asked && (
            <Fade in appear>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
                <Button ref={firstChoice} component={RouterLink} to="/journey" variant="contained" size="large">
                  No, this is my first time
                </Button>
                <Button component={RouterLink} to="/signin" variant="outlined" size="large">
                  Yes, I&apos;m returning
                </Button>
              </Stack>
            </Fade>
          )}
        </Box>
      </Container>
    </Box>
  );
}
