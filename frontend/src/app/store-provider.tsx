import { useContext, type ReactNode } from 'react';
import { Provider, ReactReduxContext } from 'react-redux';
import { makeStore, type AppStore } from './store';

let appStore: AppStore | undefined;

/**
 * The Redux store (RTK Query's cache) around the screens that talk to the API. It loads
 * with those screens, not with the home page, which needs none of it (see the home route
 * budget in vite.config.mts). One store serves every screen for the life of the tab; a
 * store given further up, as tests give a fresh one, wins.
 */
export function StoreProvider({ children }: { readonly children: ReactNode }) {
  const outer = useContext(ReactReduxContext);
  if (outer) return children;
  appStore ??= makeStore();
  return <Provider store={appStore}>{children}</Provider>;
}
