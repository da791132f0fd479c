import Box from '@mui/material/Box';
import { Activity, useCallback, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SplashScreen, staticSplash } from './splash-screen';
import { useEnterToBegin } from './use-enter-to-begin';

// Once per tab: a reload should not make someone wait through the splash again.
const SPLASH_SEEN = 'reflections.splash-seen';

const splashSeen = () => {
  try {
    return window.sessionStorage.getItem(SPLASH_SEEN) === '1';
  } catch {
    return false;
  }
};

/** Every route: the splash on first arrival, then the app fading in; the Enter-to-begin key; scroll restoration. */
export function AppShell() {
  useEnterToBegin();
  const [splash, setSplash] = useState(() => !splashSeen());
  const finishSplash = useCallback(() => {
    try {
      window.sessionStorage.setItem(SPLASH_SEEN, '1');
    } catch {
      // Private modes may refuse storage; the splash then shows on every load.
    }
    setSplash(false);
  }, []);
  useEffect(() => {
    if (!splash) staticSplash()?.remove();
  }, [splash]);

  return (
    <>
      {splash && <SplashScreen onDone={finishSplash} />}
      {/* Rendered behind the splash, so the page is there the moment it ends; hidden, its effects
          (typed headlines, videos) wait, and start only when it can be seen. */}
      <Activity mode={splash ? 'hidden' : 'visible'}>
        <Box sx={{ animation: 'app-fade-in 600ms ease both', '@keyframes app-fade-in': { from: { opacity: 0 } } }}>
          <Outlet />
        </Box>
      </Activity>
      <ScrollRestoration />
    </>
  );
}
