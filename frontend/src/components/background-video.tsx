import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useReducedMotion } from '../lib/use-reduced-motion';

/**
 * A muted looping video behind a hero, dimmed for legible text. If it cannot play the
 * failure is logged and the hero's gradient shows through; under reduced motion it is not played.
 */
export function BackgroundVideo({ src }: { readonly src: string }) {
  const reducedMotion = useReducedMotion();
  const [failed, setFailed] = useState(false);

  const onError = () => {
    console.error(`Background video failed to load: ${src}`);
    setFailed(true);
  };

  return (
    <>
      {!reducedMotion && !failed && (
        <Box
          component="video"
          src={src}
          autoPlay
          muted
          loop
          playsInline
          aria-hidden
          onError={onError}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      <Box
        aria-hidden
        sx={{ position: 'absolute', inset: 0, background: 'linear-gradient(180deg, rgba(18,36,28,0.55) 0%, rgba(18,36,28,0.35) 50%, rgba(18,36,28,0.8) 100%)' }}
      />
      {failed && (
        <Typography role="status" variant="body2" sx={{ position: 'absolute', bottom: 24, left: 0, right: 0, textAlign: 'center', opacity: 0.6 }}>
          Loading background video...
        </Typography>
      )}
    </>
  );
}
