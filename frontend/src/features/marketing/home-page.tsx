import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { HomeHero } from './home-hero';

// The first screen is the hero; the rest arrives while the splash is still up (see the home route budget in vite.config.mts).
const HomeSections = lazy(() => import('./home-sections'));

export default function HomePage() {
  return (
    <>
      <HomeHero />
      <Suspense fallback={<Box aria-busy="true" sx={{ minHeight: '100svh' }} />}>
        <HomeSections />
      </Suspense>
    </>
  );
}
