import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, type Answer, type SeenRequest } from '../../../test/fetch-edge';
import { renderScreen } from '../../../test/render';
import AdminPage from './admin-page';

/** The browser's EventSource, driven by the test: `emit` plays a server-sent event. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? [])
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const stats = (premiumUsers: number, vipUsers: number) => ({
  totalUsers: 10 + premiumUsers,
  activeUsers: 4,
  freeUsers: 10,
  premiumUsers,
  vipUsers,
});
const services = [
  {
    service: 'command',
    counts: 'requests',
    instances: 2,
    uptime: 7500,
    requests: 120,
    errors: 1,
    p50ResponseTime: 8,
    p99ResponseTime: 63,
  },
  {
    service: 'query',
    counts: 'requests',
    instances: 2,
    uptime: 7400,
    requests: 480,
    errors: 0,
    p50ResponseTime: 3,
    p99ResponseTime: 25,
  },
  {
    service: 'ai-worker',
    counts: 'jobs',
    instances: 3,
    uptime: 7300,
    requests: 40,
    errors: 0,
    p50ResponseTime: 1259,
    p99ResponseTime: 3982,
  },
];
const pulse = {
  weeklyEngagement: 3,
  activeJournalers: 2,
  totalJournalEntries: 40,
  totalForumPosts: 5,
  activeForumUsers: 1,
  avgSessionDuration: 330,
};

function serve(overrides: Partial<Record<string, (request: SeenRequest) => Answer | Promise<Answer>>> = {}) {
  let premium = 2;
  const answers: Record<string, (request: SeenRequest) => Answer | Promise<Answer>> = {
    'GET /api/admin/stats': () => ({ status: 200, body: stats(premium, 1) }),
    'GET /api/admin/membership-trends': () => ({
      status: 200,
      body: [{ date: '2026-11-20', free: 10, premium: 2, vip: 1 }],
    }),
    'GET /api/admin/community-pulse': () => ({ status: 200, body: pulse }),
    'GET /api/admin/upcoming-events': () => ({ status: 200, body: [] }),
    'GET /api/admin/system-health': () => ({
      status: 200,
      body: { uptime: 7500, avgResponseTime: 12, errorRate: 0, totalLogins: 31, services, parkedEvents: [] },
    }),
    'GET /api/admin/users': () => ({ status: 200, body: [] }),
    ...overrides,
  };
  const seen = answerFetch((request) => {
    const answer = answers[`${request.method} ${request.path.split('?')[0]}`];
    return answer ? answer(request) : { status: 404, body: { error: 'not here', fields: {} } };
  });
  return { seen, upgrade: () => (premium += 1) };
}

describe('the admin page', () => {
  beforeEach(() => {
    Object.assign(window, { EventSource: FakeEventSource });
    FakeEventSource.last = null;
  });

  it('computes revenue from the live counts and moves when the stream says the users read model changed', async () => {
    const { upgrade } = serve();
    renderScreen(<AdminPage Reports={() => <p>reports</p>} />, '/admin');
    const revenue = await screen.findByRole('region', { name: 'Monthly revenue' });
    await waitFor(() => expect(within(revenue).getByText('$157')).toBeInTheDocument());
    expect(screen.getByText('6 min')).toBeInTheDocument();
    expect(FakeEventSource.last?.url).toBe('/api/admin/live');

    upgrade();
    act(() => {
      FakeEventSource.last!.onopen?.();
      FakeEventSource.last!.emit('change', { position: '9:1', readModels: ['users'] });
    });
    await waitFor(() => expect(within(revenue).getByText('$186')).toBeInTheDocument());
    expect(screen.getByLabelText('Live updates: Live')).toBeInTheDocument();
  });

  it('opens a fresh stream after the server refused one, and follows its changes', async () => {
    const { upgrade } = serve();
    renderScreen(<AdminPage Reports={() => <p>reports</p>} />, '/admin');
    const revenue = await screen.findByRole('region', { name: 'Monthly revenue' });
    await waitFor(() => expect(within(revenue).getByText('$157')).toBeInTheDocument());
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    // What a browser does when the stream answers 401 or 403 (a role not yet projected): it gives up for good.
    const refused = FakeEventSource.last!;
    act(() => {
      refused.readyState = FakeEventSource.CLOSED;
      refused.onerror?.();
    });
    expect(await screen.findByLabelText('Live updates: Reconnecting…')).toBeInTheDocument();

    await waitFor(() => expect(FakeEventSource.last).not.toBe(refused), { timeout: 5000 });
    upgrade();
    act(() => {
      FakeEventSource.last!.onopen?.();
      FakeEventSource.last!.emit('change', { position: '9:2', readModels: ['users'] });
    });
    await waitFor(() => expect(within(revenue).getByText('$186')).toBeInTheDocument());
    expect(screen.getByLabelText('Live updates: Live')).toBeInTheDocument();
  });

  it('says when no projector has parked an event, and otherwise lists each with its count and latest type', async () => {
    serve();
    const { unmount } = renderScreen(<AdminPage Reports={() => <p>reports</p>} />, '/admin');
    expect(await screen.findByText('No parked events')).toBeInTheDocument();
    unmount();

    const health = { uptime: 60, avgResponseTime: 3, errorRate: 0, totalLogins: 2, services };
    serve({
      'GET /api/admin/system-health': () => ({
        status: 200,
        body: {
          ...health,
          parkedEvents: [
            { projector: 'users', count: 2, latestType: 'UserRegistered', latestAt: '2026-11-24T09:00:00Z' },
          ],
        },
      }),
    });
    renderScreen(<AdminPage Reports={() => <p>reports</p>} />, '/admin');
    const parked = await screen.findByRole('list', { name: 'Parked events' });
    expect(within(parked).getByText('users: 2 parked')).toBeInTheDocument();
    expect(within(parked).getByText(/^Latest: UserRegistered, /)).toBeInTheDocument();
    expect(screen.queryByText('No parked events')).not.toBeInTheDocument();
  });

  it('lists every service with its instances, uptime, requests, errors and p99', async () => {
    serve();
    renderScreen(<AdminPage Reports={() => <p>reports</p>} />, '/admin');
    const table = await screen.findByRole('table', { name: 'Services' });
    const command = within(table).getByRole('row', { name: /^command/ });
    expect(
      within(command)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '2h 5m', '120', '1', '63 ms']);
    expect(within(table).getByRole('row', { name: /^query/ })).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /^ai-worker/ })).getByText('40 jobs')).toBeInTheDocument();
  });

  it("shows 'Deploying…', then 'Deployment Failed' with the server's message", async () => {
    let answer: (value: Answer) => void = () => undefined;
    serve({ 'POST /api/admin/deploy': () => new Promise<Answer>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    renderScreen(<AdminPage Reports={() => <p>reports</p>} />, '/admin?tab=deploy');
    await user.click(await screen.findByRole('button', { name: 'Deploy' }));
    expect(screen.getByRole('button', { name: 'Deploying…' })).toBeDisabled();
    answer({ status: 503, body: { error: 'No deploy hook configured', fields: {} } });
    expect(await screen.findByText('Deployment Failed')).toBeInTheDocument();
    expect(screen.getAllByText(/No deploy hook configured/).length).toBeGreaterThan(0);
  });

  it("sends nothing for an empty question, shows 'Analyzing…', and reports a failure as 'API Error: 503'", async () => {
    let answer: (value: Answer) => void = () => undefined;
    const { seen } = serve({
      'POST /api/admin/ai-assistant': () => new Promise<Answer>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderScreen(<AdminPage Reports={() => <p>reports</p>} />, '/admin');
    const ask = await screen.findByRole('button', { name: 'Ask' });
    expect(ask).toBeDisabled();
    await user.type(screen.getByLabelText('Your question'), '   ');
    expect(ask).toBeDisabled();
    await user.type(screen.getByLabelText('Your question'), 'Why did VIP grow?');
    await user.click(ask);
    expect(await screen.findByRole('button', { name: 'Analyzing…' })).toBeDisabled();
    const sent = seen.find((request) => request.path === '/api/admin/ai-assistant');
    expect(sent?.body).toMatchObject({
      question: 'Why did VIP grow?',
      context: { stats: stats(2, 1), communityPulse: pulse },
    });
    answer({ status: 503, body: { error: 'The AI assistant is unavailable right now.', fields: {} } });
    expect(await screen.findByText('AI Assistant Error')).toBeInTheDocument();
    expect(screen.getByText('API Error: 503')).toBeInTheDocument();
  });

  it('shows the tiers with their prices and member counts on the Contracts tab', async () => {
    serve();
    renderScreen(<AdminPage Reports={() => <p>reports</p>} />, '/admin?tab=contracts');
    const premium = await screen.findByRole('region', { name: 'Premium' });
    await waitFor(() => expect(within(premium).getByText('2 members')).toBeInTheDocument());
    expect(within(premium).getByText('$29')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'VIP' })).getByText('$99')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Explorer' })).getByText('$0')).toBeInTheDocument();
  });
});
