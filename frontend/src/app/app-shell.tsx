import Box from '@mui/material/Box';
import { Activity, useCallback, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { visuallyHidden } from '../lib/visually-hidden';
import { SplashScreen, staticSplash } from './splash-screen';
import { useEnterToBegin } from './use-enter-to-begin';
import { usePageScroll } from './use-page-scroll';
import { useDocumentTitle, useRouteFocus } from './use-route-focus';

// Once per tab: a reload should not make someone wait through the splash again.
const SPLASH_SEEN = 'reflections.splash-seen';

const splashSeen = () => {
  try {
    return window.sessionStorage.getItem(SPLASH_SEEN) === '1';
  } catch {
    return false;
  }
};

/**
 * Every route: the splash on first arrival, then the app fading in; the Enter-to-begin key;
 * the document title, focus and announcement after navigation; where each page opens.
 */
export function AppShell() {
  useEnterToBegin();
  usePageScroll();
  const announcement = useRouteFocus(useDocumentTitle());
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
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
    </>
  );
}
