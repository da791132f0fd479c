import { LoginRequest, MESSAGES } from '@reflections/contracts/identity';
import { toErrorBody } from '@reflections/contracts/validation';
import { initialSignInState, signInMachine, type SignInEvent, type SignInState } from './signin-machine';

const run = (events: SignInEvent[], from: SignInState = initialSignInState) => events.reduce(signInMachine, from);
const submitted: SignInEvent = { type: 'submitted', email: ' sam@example.com ', password: 'secret1' };

describe('sign-in machine', () => {
  it.each([
    ['no email', '', 'secret1'],
    ['a blank email', '   ', 'secret1'],
    ['no password', 'sam@example.com', ''],
  ])('refuses %s with the missing-fields notice and stays editable', (_case, email, password) => {
    expect(run([{ type: 'submitted', email, password }])).toEqual({
      phase: 'editing',
      notice: { title: 'Error', description: 'Please enter both email and password', variant: 'error' },
    });
  });

  it("refuses a password past the server's maximum with the server's own message", () => {
    const password = 'p'.repeat(10_000);
    const server = LoginRequest.decode({ email: 'sam@example.com', password });
    expect(server._tag).toBe('Left');
    expect(run([{ type: 'submitted', email: 'sam@example.com', password }])).toEqual({
      phase: 'editing',
      notice: {
        title: 'Error',
        description: server._tag === 'Left' ? toErrorBody(server.left).fields.password : 'accepted',
        variant: 'error',
      },
    });
  });

  it('submits the trimmed email and the untouched password', () => {
    expect(run([{ type: 'submitted', email: ' sam@example.com ', password: ' pass ' }])).toEqual({
      phase: 'submitting',
      email: 'sam@example.com',
      password: ' pass ',
    });
  });

  it('ignores a second submit while the first is pending', () => {
    const submitting = run([submitted]);
    expect(signInMachine(submitting, { type: 'submitted', email: 'x@y.z', password: 'other' })).toBe(submitting);
  });

  it('welcomes a member and sends them to the dashboard', () => {
    expect(run([submitted, { type: 'signedIn', role: 'member' }])).toEqual({
      phase: 'leaving',
      notice: { title: 'Welcome back!', description: "You've been signed in successfully", variant: 'success' },
      redirect: { to: '/dashboard', afterMs: 0 },
    });
  });

  it('sends an admin to the admin panel', () => {
    const state = run([submitted, { type: 'signedIn', role: 'admin' }]);
    expect(state.phase === 'leaving' && state.redirect.to).toBe('/admin');
  });

  it("shows the server's error on a failed sign-in and lets the person try again", () => {
    const state = run([
      submitted,
      { type: 'rejected', error: { status: 401, data: { error: 'Wrong password, friend', fields: {} } } },
    ]);
    expect(state).toEqual({
      phase: 'editing',
      notice: { title: 'Sign in failed', description: 'Wrong password, friend', variant: 'error' },
    });
    expect(signInMachine(state, submitted).phase).toBe('submitting');
  });

  it.each([
    ['a body without error', { fields: {} }],
    ['a text body', 'Bad Gateway'],
    ['an empty body', null],
  ])('falls back to the default message for %s', (_case, data) => {
    const state = run([submitted, { type: 'rejected', error: { status: 502, data } }]);
    expect(state.phase === 'editing' && state.notice?.description).toBe(MESSAGES.loginFailed);
  });

  it('sends an account from the old provider to the journey after 3 s', () => {
    const state = run([
      submitted,
      { type: 'rejected', error: { status: 401, data: { error: 'Set up needed', needsPasswordSetup: true } } },
    ]);
    expect(state).toEqual({
      phase: 'leaving',
      notice: { title: 'Account Setup Required', description: MESSAGES.needsPasswordSetup, variant: 'info' },
      redirect: { to: '/journey', afterMs: 3000 },
    });
  });

  it('reports a network failure', () => {
    const state = run([submitted, { type: 'rejected', error: { status: 'FETCH_ERROR', data: null } }]);
    expect(state).toEqual({
      phase: 'editing',
      notice: { title: 'Error', description: 'Failed to sign in. Please try again.', variant: 'error' },
    });
  });

  it('ignores answers that arrive when nothing is pending', () => {
    expect(run([{ type: 'signedIn', role: 'member' }])).toBe(initialSignInState);
    expect(run([{ type: 'rejected', error: { status: 'FETCH_ERROR', data: null } }])).toBe(initialSignInState);
  });
});
