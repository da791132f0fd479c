import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { ColorModeContext, useColorModeControl } from '../lib/color-mode';
import { ToastProvider } from '../lib/toast';
import { themes } from './theme';

/**
 * What every screen needs. The Redux store comes with the screens that use it (store-provider.tsx).
 * The theme is plain (no CSS-variable colour schemes), so @mui/system's provider is enough and
 * the schemes' provider stays out of the first download; light or dark is chosen here.
 */
export function AppProviders({ children }: { readonly children: ReactNode }) {
  const colorMode = useColorModeControl();
  useStillDuringSwitch(colorMode.mode);
  return (
    <ColorModeContext.Provider value={colorMode}>
      <ThemeProvider theme={themes[colorMode.mode]}>
        <CssBaseline enableColorScheme />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

/** A switch of colour scheme happens at once: no element fades between the two palettes. */
function useStillDuringSwitch(mode: string) {
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    const still = document.createElement('style');
    still.textContent = '*,*::before,*::after{transition:none!important}';
    document.head.appendChild(still);
    // Reading a style forces the switch to be drawn before transitions return.
    void window.getComputedStyle(document.body).color;
    const frame = requestAnimationFrame(() => still.remove());
    return () => {
      cancelAnimationFrame(frame);
      still.remove();
    };
  }, [mode]);
}
