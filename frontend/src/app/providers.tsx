import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { ToastProvider } from '../lib/toast';
import { theme } from './theme';

/** What every screen needs. The Redux store comes with the screens that use it (store-provider.tsx). */
export function AppProviders({ children }: { readonly children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  );
}
