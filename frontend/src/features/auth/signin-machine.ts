import { LoginRequest, MESSAGES, type Role } from '@reflections/contracts/identity';
import { toErrorBody } from '@reflections/contracts/validation';
import type { ApiError } from '../../lib/api';

/**
 * The sign-in flow as a pure reducer (docs/product.md#sign-in). The page renders the
 * state and carries out what it describes: call the server while `submitting`,
 * show `notice` as a toast, follow `redirect`.
 */
export type Notice = {
  readonly title: string;
  readonly description: string;
  readonly variant: 'success' | 'error' | 'info';
};

export type Redirect = { readonly to: '/admin' | '/dashboard' | '/journey'; readonly afterMs: number };

export type SignInState =
  | { readonly phase: 'editing'; readonly notice: Notice | null }
  | { readonly phase: 'submitting'; readonly email: string; readonly password: string }
  | { readonly phase: 'leaving'; readonly notice: Notice; readonly redirect: Redirect };

export type SignInEvent =
  | { readonly type: 'submitted'; readonly email: string; readonly password: string }
  | { readonly type: 'signedIn'; readonly role: Role }
  | { readonly type: 'rejected'; readonly error: Pick<ApiError, 'status' | 'data'> };

export const initialSignInState: SignInState = { phase: 'editing', notice: null };

/** How long the setup-needed notice stays before the journey opens (docs/product.md#sign-in). */
export const SETUP_REDIRECT_MS = 3000;

const notices = {
  welcome: { title: 'Welcome back!', description: "You've been signed in successfully", variant: 'success' },
  network: { title: 'Error', description: 'Failed to sign in. Please try again.', variant: 'error' },
  setup: { title: 'Account Setup Required', description: MESSAGES.needsPasswordSetup, variant: 'info' },
} as const satisfies Record<string, Notice>;

const field = (data: unknown, name: string): unknown =>
  typeof data === 'object' && data !== null && name in data ? (data as Record<string, unknown>)[name] : undefined;

function rejectedState(error: Pick<ApiError, 'status' | 'data'>): SignInState {
  // No HTTP status means the request never got an answer.
  if (typeof error.status !== 'number') return { phase: 'editing', notice: notices.network };
  if (field(error.data, 'needsPasswordSetup') === true) {
    return { phase: 'leaving', notice: notices.setup, redirect: { to: '/journey', afterMs: SETUP_REDIRECT_MS } };
  }
  const serverMessage = field(error.data, 'error');
  const description =
    typeof serverMessage === 'string' && serverMessage.trim() !== '' ? serverMessage : MESSAGES.loginFailed;
  return { phase: 'editing', notice: { title: 'Sign in failed', description, variant: 'error' } };
}

export function signInMachine(state: SignInState, event: SignInEvent): SignInState {
  switch (event.type) {
    case 'submitted':
      if (state.phase !== 'editing') return state;
      {
        // Checked with the server's own codec and messages, as every form's resolver does (docs/frontend.md#forms):
        // the email is trimmed, the password is not (spaces may be part of it).
        const request = LoginRequest.decode({ email: event.email, password: event.password });
        if (request._tag === 'Left')
          return {
            phase: 'editing',
            notice: { title: 'Error', description: toErrorBody(request.left).error, variant: 'error' },
          };
        return { phase: 'submitting', ...request.right };
      }
    case 'signedIn':
      if (state.phase !== 'submitting') return state;
      return {
        phase: 'leaving',
        notice: notices.welcome,
        redirect: { to: event.role === 'admin' ? '/admin' : '/dashboard', afterMs: 0 },
      };
    case 'rejected':
      if (state.phase !== 'submitting') return state;
      return rejectedState(event.error);
  }
}
