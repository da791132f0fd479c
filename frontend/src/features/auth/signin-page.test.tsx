import { MESSAGES } from '@reflections/contracts/identity';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, type Answer, type SeenRequest } from '../../../test/fetch-edge';
import { renderRoutes } from '../../../test/render';
import SignInPage from './signin-page';
import { preferReducedMotion } from '../../../test/reduced-motion';

preferReducedMotion();
let loginAnswer: Answer;
let requests: SeenRequest[];

beforeEach(() => {
  loginAnswer = {
    status: 200,
    body: { user: { id: 'u1', email: 'sam@example.com', firstName: 'Sam', role: 'member' } },
  };
  requests = answerFetch((request) =>
    request.path === '/api/auth/login' ? loginAnswer : { status: 401, body: { error: 'Not signed in', fields: {} } },
  );
});

function open() {
  const user = userEvent.setup({ delay: null });
  const { router } = renderRoutes(
    ['/dashboard', '/admin', '/journey'].reduce(
      (routes, path) => [...routes, { path, element: <p>{`Screen ${path}`}</p> }],
      [{ path: '/signin', element: <SignInPage /> }],
    ),
    '/signin',
  );
  return { user, router };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, password = 'secret1') {
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), `${password}{Enter}`);
}

const loginCalls = () => requests.filter((r) => r.path === '/api/auth/login');

describe('sign-in page', () => {
  it('greets, and offers the form with an email field and a way to the journey', async () => {
    open();
    expect(screen.getByRole('heading', { name: /Welcome back/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: /Begin your journey/ })).toHaveAttribute('href', '/journey');
  });

  it('asks for both fields before calling the server', async () => {
    const { user } = open();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent(MESSAGES.loginMissing);
    expect(loginCalls()).toHaveLength(0);
  });

  it('signs a member in with Enter, welcomes them and opens the dashboard', async () => {
    const { user, router } = open();
    await signIn(user);
    expect(await screen.findByText('Screen /dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('alert')).toHaveTextContent("Welcome back!You've been signed in successfully");
    expect(loginCalls()).toEqual([
      expect.objectContaining({ method: 'POST', body: { email: 'sam@example.com', password: 'secret1' } }),
    ]);
  });

  it('opens the admin panel for an admin', async () => {
    loginAnswer = {
      status: 200,
      body: { user: { id: 'a1', email: 'admin@example.com', firstName: 'Ada', role: 'admin' } },
    };
    const { user } = open();
    await signIn(user);
    expect(await screen.findByText('Screen /admin')).toBeInTheDocument();
  });

  it("shows the server's reason when sign-in fails, and stays", async () => {
    loginAnswer = { status: 401, body: { error: MESSAGES.loginFailed, fields: {} } };
    const { user, router } = open();
    await signIn(user, 'wrong-password');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Sign in failed');
    expect(toast).toHaveTextContent('Invalid email or password');
    expect(router.state.location.pathname).toBe('/signin');
    // Focus stays in the form, so the next Enter tries again rather than leaving the page.
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('says so when the server cannot be reached', async () => {
    loginAnswer = 'network-error';
    const { user } = open();
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign in. Please try again.');
  });

  it('sends an account from the old sign-in provider to the journey, after the notice', async () => {
    loginAnswer = { status: 401, body: { error: 'Password setup needed', needsPasswordSetup: true } };
    const { user, router } = open();
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.needsPasswordSetup);
    expect(router.state.location.pathname).toBe('/signin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/journey'));
  });
});
