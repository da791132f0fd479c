import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch } from '../../test/fetch-edge';
import { renderRoutes } from '../../test/render';
import { SignOutEverywhereButton } from './sign-out-everywhere-button';

describe('sign out everywhere', () => {
  it('asks the server to end every session of the member, then goes home signed out', async () => {
    const seen = answerFetch(() => ({ status: 200, body: { signedOut: true } }));
    const { router } = renderRoutes(
      [
        { path: '/dashboard', element: <SignOutEverywhereButton /> },
        { path: '/', element: <p>Home page</p> },
      ],
      '/dashboard',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const ended = seen.find((request) => request.path === '/api/auth/logout-all');
    expect(ended).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(ended?.headers.get('content-type')).toBe('application/json');
    expect(window.localStorage.getItem('reflections.session')).toBe('signed-out');
  });
});
