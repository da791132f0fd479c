import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { TypedText } from '../../components/typed-text';

export const INTRO_LINES = [
  'Hey. We are glad you are here.',
  'No tests and no wrong answers. Just a few honest questions, about two minutes of your time.',
  'What you share shapes where your reflection begins. Start wherever you are.',
] as const;

/** docs/product.md#journey: 35 ms per character, 400 ms before the first line, 1200 ms between lines. */
const MS_PER_CHAR = 35;
const START_DELAY_MS = 400;
const LINE_PAUSE_MS = 1200;

const lineSx = { mb: 2, color: 'text.primary', fontWeight: 500 } as const;

type JourneyIntroProps = {
  /** False once the intro has been seen: the lines then stand still. */
  readonly typing: boolean;
  readonly onDone: () => void;
};

export function JourneyIntro({ typing, onDone }: JourneyIntroProps) {
  const [linesDone, setLinesDone] = useState(0);

  if (!typing) {
    return (
      <Box>
        {INTRO_LINES.map((line) => (
          <Typography key={line} variant="h5" component="p" sx={lineSx}>
            {line}
          </Typography>
        ))}
      </Box>
    );
  }

  const lineDone = (index: number) => () => {
    // Idempotent: in development React runs effects twice, so a line may report done twice.
    setLinesDone((done) => Math.max(done, index + 1));
    if (index === INTRO_LINES.length - 1) onDone();
  };

  return (
    <Box>
      {INTRO_LINES.slice(0, linesDone + 1).map((line, index) => (
        <TypedText
          key={line}
          text={line}
          msPerChar={MS_PER_CHAR}
          startDelayMs={index === 0 ? START_DELAY_MS : LINE_PAUSE_MS}
          onDone={lineDone(index)}
          caret
          variant="h5"
          component="p"
          sx={lineSx}
        />
      ))}
      <Button onClick={onDone} size="small" color="inherit" sx={{ mt: 1, opacity: 0.75 }}>
        Skip intro
      </Button>
    </Box>
  );
}
