import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastProvider } from '../lib/toast';
import type { AppStore } from './store';
import { THEME_MODE_STORAGE_KEY, theme } from './theme';

export function AppProviders({ store, children }: { readonly store: AppStore; readonly children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme} modeStorageKey={THEME_MODE_STORAGE_KEY} disableTransitionOnChange>
        <CssBaseline />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </Provider>
  );
}
