import type { DashboardPayload } from '@reflections/contracts/dashboard';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch } from '../../../test/fetch-edge';
import { renderRoutes } from '../../../test/render';
import { DashboardPage } from './dashboard-page';

const member = {
  id: 'm1',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: '',
  role: 'member',
  membershipType: 'free',
  archetype: 'peacemaker',
  createdAt: '2026-11-01T00:00:00.000Z',
};
const payload: DashboardPayload = {
  user: { id: 'm1', firstName: 'Sam', lastName: '', membershipType: 'free' },
  onboardingData: {
    assignedArchetype: 'The Peacemaker',
    seeking: 'Calm in the middle of the noise',
    innerStrength: 'Loyalty',
    peaceMeaning: 'A quiet mind',
  },
  userArchetype: { id: 'peacemaker', symbol: '🕊️', title: 'The Peacemaker', represents: 'You calm storms.' },
  announcements: [{ id: 'a1', title: 'Council', content: 'y'.repeat(120), createdAt: '2026-11-20T00:00:00.000Z' }],
  showWelcome: true,
};
const stats = { averageMood: 3.5, totalReflections: 1, moodOverTime: [] };

/** The query and command services: a welcome preference sent is what later dashboards answer. */
function server(dashboard: { status: number; body?: DashboardPayload | object }) {
  let showWelcome: boolean | undefined;
  return answerFetch((request) => {
    if (request.path === '/api/auth/user') return { status: 200, body: member };
    if (request.path === '/api/me/welcome') {
      ({ showWelcome } = request.body as { showWelcome: boolean });
      return { status: 200, body: request.body };
    }
    if (request.path === '/api/dashboard')
      return showWelcome === undefined ? dashboard : { ...dashboard, body: { ...dashboard.body, showWelcome } };
    if (request.path === '/api/user/stats') return { status: 200, body: stats };
    if (request.path === '/api/user/activities') return { status: 200, body: [] };
    return { status: 404 };
  });
}

const open = () =>
  renderRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <DashboardPage
            Chat={() => <p>chat</p>}
            Story={() => <p>story</p>}
            Peace={() => <p>peace</p>}
            RecentEntries={() => <p>entries</p>}
            Bookings={() => <p>bookings</p>}
          />
        ),
      },
      { path: '/pre-journey', element: <p>Pre-journey</p> },
    ],
    '/dashboard',
  );

describe('member dashboard', () => {
  beforeEach(() => window.localStorage.clear());

  const welcomeSeen = () => window.localStorage.setItem('reflections.welcome-dismissed.m1', '1');

  it('greets the member with membership, archetype, insights, stats and announcements cut at 80 characters', async () => {
    welcomeSeen();
    server({ status: 200, body: payload });
    open();
    expect(await screen.findByRole('heading', { name: 'Welcome, Sam', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByText('Explorer member').length).toBeGreaterThan(0);
    // Drawn, not an emoji that is an empty box without an emoji font.
    expect(screen.getByRole('img', { name: 'The Peacemaker symbol' }).tagName.toLowerCase()).toBe('svg');
    expect(screen.queryByText('🕊️')).not.toBeInTheDocument();
    expect(screen.getByText('Calm in the middle of the noise')).toBeInTheDocument();
    expect(screen.getByText(`${'y'.repeat(80)}…`)).toBeInTheDocument();
    expect(await screen.findByText('3.5 / 5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter the Digital Campfire' })).toHaveAttribute(
      'href',
      '/digital-campfire-forum',
    );
  });

  it("shows the welcome popup until 'Don't show this again' is ticked, and keeps that choice on the member's profile", async () => {
    const seen = server({ status: 200, body: payload });
    const user = userEvent.setup();
    const first = open();
    expect(await screen.findByRole('dialog', { name: 'Welcome to Reflections, Sam' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();

    const second = open();
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: "Don't show this again" }));
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await waitFor(() => expect(seen.filter((request) => request.path === '/api/me/welcome')).toHaveLength(1));
    expect(seen.find((request) => request.path === '/api/me/welcome')).toMatchObject({
      method: 'POST',
      body: { showWelcome: false },
    });
    second.unmount();

    // Another browser: nothing kept here, the profile alone says no.
    window.localStorage.clear();
    open();
    expect(await screen.findByRole('heading', { name: 'Welcome, Sam', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not greet a member whose profile says he turned the welcome off, in a browser that never saw it', async () => {
    server({ status: 200, body: { ...payload, showWelcome: false } });
    open();
    expect(await screen.findByRole('heading', { name: 'Welcome, Sam', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Calm in the middle of the noise')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("offers 'Complete Your Journey' when there is no journey data", async () => {
    welcomeSeen();
    server({ status: 200, body: { ...payload, onboardingData: null, userArchetype: null } });
    open();
    expect(await screen.findByRole('heading', { name: 'Complete Your Journey' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Begin the Journey' })).toHaveAttribute('href', '/member/journey');
    expect(screen.getByRole('link', { name: 'Take the Journey' })).toHaveAttribute('href', '/member/journey');
  });

  it("clears the member's screen when the server says the session ended, with no warning of its own", async () => {
    welcomeSeen();
    server({ status: 401, body: { error: 'Please sign in', fields: {} } });
    open();
    // The guard around the screen (session-end.test.tsx) takes the member to sign in.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Welcome, Sam' })).not.toBeInTheDocument());
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });
});
