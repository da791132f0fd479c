import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { HEADER_HEIGHT, SiteHeader } from './site-header';

// Below the fold on every page: it follows the page instead of holding up its first screen.
const SiteFooter = lazy(() => import('./site-footer').then(({ SiteFooter }) => ({ default: SiteFooter })));

/** Route `handle` saying the page opens with a dark hero that runs under the bar. */
export type SiteRouteHandle = { readonly darkHero?: boolean };

const hasDarkHero = (handle: unknown) =>
  typeof handle === 'object' && handle !== null && (handle as SiteRouteHandle).darkHero === true;

/** Header, page and footer: every route except the dashboard and the admin panel. */
export function SiteLayout() {
  const darkHero = useMatches().some((match) => hasDarkHero(match.handle));
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="a" href="#main-content" sx={skipLink}>
        Skip to content
      </Box>
      <SiteHeader overDarkHero={darkHero} />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flex: 1, pt: darkHero ? 0 : `${HEADER_HEIGHT}px`, outline: 'none' }}
      >
        <Outlet />
      </Box>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </Box>
  );
}

const skipLink = {
  position: 'fixed',
  top: 8,
  left: 8,
  zIndex: 2000,
  px: 2,
  py: 1,
  borderRadius: 1,
  bgcolor: 'secondary.main',
  color: 'secondary.contrastText',
  transform: 'translateY(-200%)',
  '&:focus': { transform: 'none' },
} as const;
