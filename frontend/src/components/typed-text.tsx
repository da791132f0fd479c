import Box from '@mui/material/Box';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useReducedMotion } from '../lib/use-reduced-motion';

export type TypedTextProps = {
  readonly text: string;
  readonly msPerChar: number;
  readonly startDelayMs?: number;
  /** Called once the whole text is shown. */
  readonly onDone?: () => void;
  /** Shows a blinking caret while typing. */
  readonly caret?: boolean;
} & Omit<TypographyProps, 'children'>;

/**
 * Types `text` one character at a time; the untyped rest keeps its space (hidden) so the
 * layout does not jump. Once done, the element holds the text as one plain text node, so it
 * reads and queries like any other text. Under reduced motion it shows at once.
 */
export function TypedText({ text, msPerChar, startDelayMs = 0, onDone, caret = false, ...typography }: TypedTextProps) {
  const reducedMotion = useReducedMotion();
  const [shown, setShown] = useState(reducedMotion ? text.length : 0);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => {
    if (reducedMotion) {
      setShown(text.length);
      onDoneRef.current?.();
      return undefined;
    }
    setShown(0);
    let interval: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      let count = 0;
      interval = setInterval(() => {
        count += 1;
        setShown(count);
        if (count >= text.length) {
          clearInterval(interval);
          onDoneRef.current?.();
        }
      }, msPerChar);
    }, startDelayMs);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  }, [text, msPerChar, startDelayMs, reducedMotion]);

  const typing = shown < text.length;
  return (
    <Typography {...typography}>
      {text.slice(0, shown)}
      {caret && typing && <Box component="span" aria-hidden sx={caretStyle} />}
      {typing && (
        <Box component="span" aria-hidden sx={{ visibility: 'hidden' }}>
          {text.slice(shown)}
        </Box>
      )}
    </Typography>
  );
}

const caretStyle = {
  display: 'inline-block',
  width: '0.08em',
  height: '1em',
  ml: '0.04em',
  verticalAlign: '-0.1em',
  bgcolor: 'currentColor',
  animation: 'typed-text-caret 1s steps(1) infinite',
  '@keyframes typed-text-caret': { '50%': { opacity: 0 } },
} as const;
