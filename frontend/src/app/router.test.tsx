import { screen, waitFor } from '@testing-library/react';
import { answerFetch } from '../../test/fetch-edge';
import { renderRoutes } from '../../test/render';
import { routes } from './router';

describe('routes', () => {
  it('shows the not-found screen, with header and footer, for an unknown path', async () => {
    renderRoutes(routes, '/no/such/place');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('serves /compliance with the terms screen and its crisis resources', async () => {
    renderRoutes(routes, '/compliance');
    expect(await screen.findByRole('heading', { name: 'Terms, Disclaimer & Compliance' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '741741' })).toHaveAttribute('href', 'sms:741741?body=HOME');
    expect(screen.getByRole('link', { name: '988' })).toHaveAttribute('href', 'tel:988');
  });

  it('sends a signed-out visitor from /dashboard to /pre-journey after telling them', async () => {
    answerFetch(() => ({ status: 401, body: { error: 'Please sign in', fields: {} } }));
    const { router } = renderRoutes(routes, '/dashboard');
    // The lazy dashboard route loads several features' modules first: slow on a cold, busy test run.
    expect(await screen.findByText('Redirecting you to sign in...', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pre-journey'), { timeout: 2000 });
  });

  it('greets a signed-in member on /dashboard, without the site header', async () => {
    answerFetch((request) =>
      request.path === '/api/auth/user'
        ? { status: 200, body: { id: 'u1', email: 'sam@example.com', firstName: 'Sam', lastName: 'Reed', role: 'member', membershipType: 'free', archetype: 'provider', createdAt: '2025-01-01T00:00:00Z' } }
        : { status: 503, body: { error: 'Not in this test', fields: {} } },
    );
    renderRoutes(routes, '/member/bookings');
    expect(await screen.findByRole('heading', { name: 'Welcome, Sam' })).toBeInTheDocument();
    expect(screen.getByText(/Explorer/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
