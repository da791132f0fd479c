import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../src/app/providers';
import { makeStore } from '../src/app/store';

/** Renders routes inside the app's real providers (theme, toasts) and a fresh store at `path`. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  window.sessionStorage.setItem('reflections.splash-seen', '1');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={makeStore()}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </Provider>,
  );
  return { ...view, router };
}

/** Renders one element as the only screen, with a router for its links. */
export const renderScreen = (element: ReactElement, path = '/') => renderRoutes([{ path: '*', element }], path);
