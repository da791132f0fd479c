import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { ThemeModeToggle } from '../../components/theme-mode-toggle';
import { seemsSignedIn } from '../../lib/session-hint';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import { NavDropdown } from './nav-dropdown';
import { NAV_ENTRIES, isMenu } from './nav-links';
import { useHideOnScroll } from './use-hide-on-scroll';

export const HEADER_HEIGHT = 72;

// Only narrow screens open it, and only on demand: it loads on the first tap, not with every page.
const MobileMenu = lazy(() => import('./mobile-menu').then(({ MobileMenu }) => ({ default: MobileMenu })));

/** The site bar. Over a dark hero it is transparent with light text until the page scrolls. */
export function SiteHeader({ overDarkHero }: { readonly overDarkHero: boolean }) {
  const { hidden, atTop } = useHideOnScroll();
  const [menuOpen, setMenuOpen] = useState(false);
  // Stays mounted after the first opening, so that closing animates.
  const [menuWanted, setMenuWanted] = useState(false);
  const [focusedWithin, setFocusedWithin] = useState(false);
  const reducedMotion = useReducedMotion();
  // A hint kept by the session feature: the public pages carry no store and ask no server.
  const [member] = useState(seemsSignedIn);
  const transparent = overDarkHero && atTop;
  const light = overDarkHero;
  const shown = !hidden || focusedWithin || menuOpen;
  const slide = reducedMotion ? 0 : 250;

  return (
    <>
      <AppBar
        position="fixed"
        elevation={0}
        onFocus={() => setFocusedWithin(true)}
        onBlur={() => setFocusedWithin(false)}
        sx={(theme) => ({
          height: HEADER_HEIGHT,
          justifyContent: 'center',
          color: light ? 'forest.contrastText' : 'text.primary',
          bgcolor: transparent
            ? 'transparent'
            : light
              ? 'rgba(18, 36, 28, 0.92)'
              : theme.alpha(theme.palette.background.default, 0.94),
          backdropFilter: transparent ? 'none' : 'blur(8px)',
          borderBottom: transparent ? 'none' : '1px solid',
          borderColor: light ? 'rgba(255,255,255,0.08)' : 'divider',
          // Slides up out of view; once there, hidden from keyboard and screen readers too.
          transform: shown ? 'none' : 'translateY(-100%)',
          visibility: shown ? 'visible' : 'hidden',
          transition: `background-color 250ms ease, transform ${slide}ms ease, visibility 0s linear ${shown ? 0 : slide}ms`,
        })}
      >
        <Toolbar component="nav" aria-label="Main" sx={{ gap: 1, maxWidth: 1200, width: '100%', mx: 'auto' }}>
          <Box
            component={RouterLink}
            to="/"
            aria-label="Reflections home"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.25,
              color: 'inherit',
              textDecoration: 'none',
              mr: 'auto',
            }}
          >
            <Logo size={34} />
            <Box
              component="span"
              sx={{
                fontFamily: (theme) => theme.typography.h1.fontFamily,
                letterSpacing: '0.3em',
                fontSize: '0.95rem',
              }}
            >
              REFLECTIONS
            </Box>
          </Box>
          <Box
            component="ul"
            sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}
          >
            {NAV_ENTRIES.map((entry) => (
              <li key={entry.label}>
                {isMenu(entry) ? (
                  <NavDropdown menu={entry} />
                ) : (
                  <Button
                    component={NavLink}
                    to={entry.to}
                    color="inherit"
                    sx={{ '&.active': { color: light ? 'forest.accent' : 'text.accent' } }}
                  >
                    {entry.label}
                  </Button>
                )}
              </li>
            ))}
          </Box>
          <ThemeModeToggle sx={{ display: { xs: 'none', md: 'inline-flex' } }} />
          <Button
            component={RouterLink}
            to={member ? '/dashboard' : '/pre-journey'}
            variant="contained"
            color="secondary"
            sx={{ display: { xs: 'none', md: 'inline-flex' }, ml: 1 }}
          >
            {member ? 'Dashboard' : 'Enter'}
          </Button>
          <Button
            component={RouterLink}
            to={member ? '/dashboard' : '/journey'}
            variant="contained"
            color="secondary"
            size="small"
            sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          >
            {member ? 'Dashboard' : 'Enter'}
          </Button>
          <IconButton
            color="inherit"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuWanted(true);
              setMenuOpen(true);
            }}
            sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} member={member} />
        </Suspense>
      )}
    </>
  );
}
