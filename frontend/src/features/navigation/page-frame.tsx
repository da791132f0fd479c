import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';

// Below the fold on every page: it follows the page instead of holding up its first screen.
const SiteFooter = lazy(() => import('./site-footer').then(({ SiteFooter }) => ({ default: SiteFooter })));

/**
 * The frame of every page outside the dashboard and the admin panel: a skip link, the bar the
 * layout chooses, the routed page (the skip link's target, `padTop` below a fixed bar) and the
 * footer with its crisis links.
 */
export function PageFrame({
  header,
  padTop,
  main = true,
  sx,
}: {
  readonly header: ReactNode;
  /** Room for a bar that floats over the page (px); 0 when the page runs under it or the bar takes its own room. */
  readonly padTop: number;
  /** Whether the page area is the document's `<main>` (a member screen draws its own). */
  readonly main?: boolean;
  readonly sx?: SxProps<Theme>;
}) {
  return (
    <Box sx={[{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Box component="a" href="#main-content" sx={skipLink}>
        Skip to content
      </Box>
      {header}
      <Box
        component={main ? 'main' : 'div'}
        id="main-content"
        tabIndex={-1}
        sx={{ flex: 1, outline: 'none', minWidth: 0, pt: padTop ? `${padTop}px` : 0 }}
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
