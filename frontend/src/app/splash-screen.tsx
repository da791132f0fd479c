import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Logo } from '../components/logo';
import { useReducedMotion } from '../lib/use-reduced-motion';

/** Spec 000 §9: 2500 ms of splash, then a 500 ms fade. Under reduced motion it is a brief still frame. */
const SPLASH_MS = 2500;
const SPLASH_FADE_MS = 500;
const REDUCED_SPLASH_MS = 600;

export function SplashScreen({ onDone }: { readonly onDone: () => void }) {
  const reducedMotion = useReducedMotion();
  const [fading, setFading] = useState(false);
  const showFor = reducedMotion ? REDUCED_SPLASH_MS : SPLASH_MS;
  const fadeFor = reducedMotion ? 0 : SPLASH_FADE_MS;

  useEffect(() => {
    const fade = setTimeout(() => setFading(true), showFor);
    const done = setTimeout(onDone, showFor + fadeFor);
    return () => {
      clearTimeout(fade);
      clearTimeout(done);
    };
  }, [showFor, fadeFor, onDone]);

  return (
    <Box
      role="presentation"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 10,
        display: 'grid',
        placeItems: 'center',
        alignContent: 'center',
        gap: 3,
        color: 'forest.contrastText',
        background: 'radial-gradient(circle at 50% 40%, #2d5040 0%, #12241c 70%)',
        opacity: fading ? 0 : 1,
        transition: `opacity ${fadeFor}ms ease`,
      }}
    >
      <Logo size={96} animated={!reducedMotion} />
      <Typography
        component="p"
        sx={{
          fontFamily: (theme) => theme.typography.h1.fontFamily,
          fontSize: { xs: '1.6rem', sm: '2.2rem' },
          letterSpacing: '0.45em',
          pl: '0.45em',
          animation: reducedMotion ? 'none' : 'splash-rise 1.2s ease-out both',
          '@keyframes splash-rise': { from: { opacity: 0, transform: 'translateY(12px)', letterSpacing: '0.2em' } },
        }}
      >
        REFLECTIONS
      </Typography>
    </Box>
  );
}
