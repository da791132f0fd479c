import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import type { ReactNode } from 'react';
import { ToastProvider } from '../lib/toast';
import { theme } from './theme';

/**
 * What every screen needs. The Redux store comes with the screens that use it (store-provider.tsx).
 * The theme has no CSS-variable colour schemes, for which Material's ThemeProvider would hand
 * it to this very provider; importing it directly leaves the schemes' provider out of the
 * first download.
 */
export function AppProviders({ children }: { readonly children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  );
}
