import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useGetJournalEntriesQuery } from '../features/journal/journal-api';
import { answerFetch, type Answer, type SeenRequest } from '../../test/fetch-edge';
import { preferReducedMotion } from '../../test/reduced-motion';
import { renderRoutes } from '../../test/render';
import AiJournalPage from '../features/journal/ai-journal-page';
import SignInPage from '../features/auth/signin-page';
import { RequireAuth } from '../lib/session/require-auth';
import { SendSignedInOn } from '../lib/session/send-signed-in-on';
import { useSignOut } from '../lib/session/use-sign-out';

preferReducedMotion();

const member = {
  id: 'm1',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: '',
  role: 'member',
  membershipType: 'free',
  archetype: 'warrior',
  createdAt: '2026-11-01T00:00:00.000Z',
};
const entry = {
  id: 'e1',
  userResponse: 'The week my father was ill',
  aiGuidance: 'ok',
  mood: 'calm',
  source: 'guided-journal',
  status: 'answered',
  createdAt: '2026-11-20T08:00:00.000Z',
};
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

let signedIn: boolean;
let seen: SeenRequest[];

function server(extra: (request: SeenRequest) => Answer | undefined = () => undefined) {
  seen = answerFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.path === '/api/auth/login') {
      signedIn = true;
      return { status: 200, body: { user: member } };
    }
    if (request.path === '/api/auth/logout') {
      signedIn = false;
      return { status: 204 };
    }
    if (!signedIn) return { status: 401, body: { error: 'Please sign in', fields: {} } };
    if (request.path === '/api/auth/user') return { status: 200, body: member };
    if (request.path.startsWith('/api/journal/entries')) return { status: 200, body: [entry] };
    return { status: 503, body: { error: 'Not in this test', fields: {} } };
  });
}

function Entries() {
  const { data } = useGetJournalEntriesQuery({ limit: 5 });
  const { signOut } = useSignOut();
  return (
    <>
      <ul>
        {data?.entries.map((e) => (
          <li key={e.id}>{e.userResponse}</li>
        ))}
      </ul>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </>
  );
}

function open(path: string) {
  const view = renderRoutes(
    [
      {
        path: '/member/ai-journal',
        element: (
          <RequireAuth signedOutDelayMs={500}>
            <AiJournalPage />
          </RequireAuth>
        ),
      },
      {
        path: '/member/reflections',
        element: (
          <RequireAuth signedOutDelayMs={500}>
            <Entries />
          </RequireAuth>
        ),
      },
      {
        path: '/signin',
        element: (
          <SendSignedInOn>
            <SignInPage />
          </SendSignedInOn>
        ),
      },
      { path: '/', element: <p>Home page</p> },
      { path: '/pre-journey', element: <p>Pre-journey</p> },
    ],
    path,
  );
  return { ...view, user: userEvent.setup({ delay: null }) };
}

const path = (router: ReturnType<typeof open>['router']) =>
  router.state.location.pathname + router.state.location.search;

describe('a session that ends on a signed-in screen', () => {
  beforeEach(() => {
    window.localStorage.clear();
    signedIn = true;
  });

  it('says so once, opens sign-in, and after sign-in returns to the same screen with the draft intact', async () => {
    server((request) =>
      request.path === '/api/journal/ai-prompt'
        ? { status: 401, body: { error: 'Please sign in', fields: {} } }
        : undefined,
    );
    const { user, router } = open('/member/ai-journal');
    await user.selectOptions(await screen.findByLabelText('How are you feeling?'), 'sad');
    await user.type(screen.getByLabelText("What's on your mind?"), 'It has been the worst night of the year.');
    signedIn = false;
    await user.click(screen.getByRole('button', { name: 'Get Guidance' }));

    await waitFor(() => expect(path(router)).toBe('/signin?next=%2Fmember%2Fai-journal'));
    expect(screen.getByRole('alert')).toHaveTextContent(SESSION_ENDED);
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/ai-journal'));
    expect(await screen.findByLabelText("What's on your mind?")).toHaveValue(
      'It has been the worst night of the year.',
    );
    // Asked who is signed in at the start and after signing in: the 401 itself asked nothing more.
    expect(seen.filter((r) => r.path === '/api/auth/user')).toHaveLength(2);
  });

  it("forgets the signed-out member's data when another tab signs out, and follows to sign-in", async () => {
    server();
    const { router } = open('/member/reflections');
    expect(await screen.findByText('The week my father was ill')).toBeInTheDocument();
    signedIn = false;
    act(() => {
      window.localStorage.setItem('reflections.session', 'signed-out');
      window.dispatchEvent(new StorageEvent('storage', { key: 'reflections.session', newValue: 'signed-out' }));
    });
    await waitFor(() => expect(path(router)).toBe('/signin?next=%2Fmember%2Freflections'));
    expect(screen.queryByText('The week my father was ill')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(SESSION_ENDED);
  });

  it('tells the other tabs when the member signs out on purpose, and goes home without the ended-session message', async () => {
    server();
    const { user, router } = open('/member/reflections');
    await screen.findByText('The week my father was ill');
    expect(window.localStorage.getItem('reflections.session')).toBe('signed-in');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(window.localStorage.getItem('reflections.session')).toBe('signed-out'));
    expect(screen.getByText('Home page')).toBeInTheDocument();
    expect(screen.queryByText(SESSION_ENDED)).not.toBeInTheDocument();
  });

  it('never follows ?next= off the site', async () => {
    server();
    signedIn = false;
    const { user, router } = open('/signin?next=%2F%2Fevil.example');
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
