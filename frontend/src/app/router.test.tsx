import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { answerFetch } from '../../test/fetch-edge';
import { renderRoutes } from '../../test/render';
import { routes } from './router';

const member = {
  id: 'u1',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Reed',
  role: 'member',
  membershipType: 'free',
  archetype: 'provider',
  createdAt: '2025-01-01T00:00:00Z',
};

/** Every screen of the table with the title its handle gives it. */
const titledLeaves = (table: readonly RouteObject[]): { path: string; title: unknown }[] =>
  table.flatMap((route) => [
    ...(route.children
      ? []
      : [{ path: route.path ?? '/', title: (route.handle as { title?: unknown } | undefined)?.title }]),
    ...titledLeaves(route.children ?? []),
  ]);

describe('routes', () => {
  it('names every screen, each loader with its own title', () => {
    const leaves = titledLeaves(routes);
    expect(leaves.filter((leaf) => typeof leaf.title !== 'string')).toEqual([]);
    expect(new Set(leaves.map((leaf) => leaf.title)).size).toBeGreaterThan(25);
  });

  it('sets the document title of the screen shown', async () => {
    renderRoutes(routes, '/breathe');
    await waitFor(() => expect(document.title).toBe('Breathe · Reflections'));
  });

  it.each([
    ['member', '/signin', '/dashboard'],
    ['member', '/journey', '/dashboard'],
    ['admin', '/pre-journey', '/admin'],
  ])('sends a signed-in %s on from %s to %s', async (role, from, to) => {
    answerFetch(() => ({ status: 200, body: { ...member, role } }));
    const { router } = renderRoutes(routes, from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('shows a visitor the sign-in form', async () => {
    answerFetch(() => ({ status: 401, body: { error: 'Please sign in', fields: {} } }));
    renderRoutes(routes, '/signin');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  it('shows the not-found screen, with header and footer, for an unknown path', async () => {
    renderRoutes(routes, '/no/such/place');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('serves /compliance with the terms screen and its crisis resources', async () => {
    renderRoutes(routes, '/compliance');
    expect(await screen.findByRole('heading', { name: 'Terms, Disclaimer & Compliance' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: '741741' })).toHaveAttribute('href', 'sms:741741?body=HOME');
    expect(main.getByRole('link', { name: '988' })).toHaveAttribute('href', 'tel:988');
  });

  it('serves /crisis-protocol, linked from the footer of every public page', async () => {
    renderRoutes(routes, '/crisis-protocol');
    expect(await screen.findByRole('heading', { level: 1, name: 'Crisis Protocol' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', { name: 'Crisis Protocol' }),
    ).toHaveAttribute('href', '/crisis-protocol');
  });

  it('sends a signed-out visitor from /dashboard to /pre-journey after telling them', async () => {
    answerFetch(() => ({ status: 401, body: { error: 'Please sign in', fields: {} } }));
    const { router } = renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('Redirecting you to sign in...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pre-journey'));
  });

  it('greets a signed-in member on /dashboard in the member bar, without the site header', async () => {
    answerFetch((request) =>
      request.path === '/api/auth/user'
        ? { status: 200, body: member }
        : { status: 503, body: { error: 'Not in this test', fields: {} } },
    );
    renderRoutes(routes, '/member/bookings');
    expect(await screen.findByRole('heading', { name: 'Welcome, Sam' })).toBeInTheDocument();
    expect(screen.getByText(/Explorer/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    const bar = within(screen.getByRole('navigation', { name: 'Member' }));
    expect(bar.getByRole('link', { name: 'Reflect' })).toHaveAttribute('href', '/member/ai-journal');
    expect(bar.getByRole('link', { name: 'Reflections' })).toHaveAttribute('href', '/member/reflections');
    expect(bar.getByRole('button', { name: 'Campfire' })).toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'Sam' })).toHaveAttribute('aria-haspopup', 'menu');
  });

  it("offers a signed-in member his dashboard instead of 'Enter' in the public header", async () => {
    window.localStorage.setItem('reflections.session', 'signed-in');
    renderRoutes(routes, '/about');
    const header = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(header.getAllByRole('link', { name: 'Dashboard' })[0]).toHaveAttribute('href', '/dashboard');
    expect(header.queryByRole('link', { name: 'Enter' })).not.toBeInTheDocument();
    window.localStorage.removeItem('reflections.session');
  });

  it('gives a visitor reading the archetype circles the public header, not the member bar', async () => {
    answerFetch((request) =>
      request.path === '/api/auth/user'
        ? { status: 401, body: { error: 'Please sign in', fields: {} } }
        : { status: 503, body: { error: 'Not in this test', fields: {} } },
    );
    renderRoutes(routes, '/member/forum');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Member' })).not.toBeInTheDocument();
  });

  it.each(['/member/ai-journal', '/member/reflections', '/ai-test', '/member/forum', '/digital-campfire-forum'])(
    'puts %s in the member bar, not the public header',
    async (path) => {
      answerFetch((request) =>
        request.path === '/api/auth/user'
          ? { status: 200, body: member }
          : { status: 503, body: { error: 'Not in this test', fields: {} } },
      );
      renderRoutes(routes, path);
      expect(await screen.findByRole('navigation', { name: 'Member' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    },
  );
});
