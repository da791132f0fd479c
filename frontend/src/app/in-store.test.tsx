import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { answerFetch } from '../../test/fetch-edge';
import { AppProviders } from './providers';
import { appRoutes } from './router';

const storeLoaded = jest.fn();
jest.mock('./store-provider', () => {
  storeLoaded();
  return jest.requireActual('./store-provider');
});

/** The app's routes as the browser gets them: no store given from outside. */
function open(path: string) {
  window.sessionStorage.setItem('reflections.splash-seen', '1');
  render(
    <AppProviders>
      <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: [path] })} />
    </AppProviders>,
  );
}

describe('the Redux store comes with the screens that use it', () => {
  it('stays unloaded on the home page', async () => {
    open('/');
    expect(
      (await screen.findAllByRole('link', { name: 'Start Your Reflection' }, { timeout: 10_000 }))[0],
    ).toBeInTheDocument();
    expect(storeLoaded).not.toHaveBeenCalled();
  });

  it('comes with a screen that asks the API, which then works without a store given from outside', async () => {
    answerFetch(() => ({ status: 401, body: { error: 'Please sign in', fields: {} } }));
    open('/signin');
    expect(await screen.findByRole('heading', { name: /Welcome back/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(storeLoaded).toHaveBeenCalledTimes(1);
  });
});
