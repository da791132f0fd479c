import { createAction } from '@reduxjs/toolkit';

/**
 * The server no longer knows this tab's member (a 401 on a signed-in call), or another tab
 * signed out. `elsewhere` marks the news as coming from another tab, so it is not sent back.
 */
export const sessionEnded = createAction<{ readonly elsewhere: boolean } | undefined>('session/ended');

// One key for every tab of this browser: its `storage` event is how the other tabs hear of a change.
const SESSION_KEY = 'reflections.session';
type SessionHint = 'signed-in' | 'signed-out';

function write(hint: SessionHint) {
  try {
    if (window.localStorage.getItem(SESSION_KEY) !== hint) window.localStorage.setItem(SESSION_KEY, hint);
  } catch {
    // Storage blocked: other tabs learn of the sign-out on their next call instead.
  }
}

/** Tells this browser's other tabs that a member is signed in (the public header offers the dashboard). */
export const announceSignedIn = () => write('signed-in');

/** Tells this browser's other tabs that the member signed out, so they follow. */
export const announceSignedOut = () => write('signed-out');

/** Whether this browser last saw a member signed in: a hint for links, never a permission. */
export function seemsSignedIn(): boolean {
  try {
    return window.localStorage.getItem(SESSION_KEY) === 'signed-in';
  } catch {
    return false;
  }
}

/** Calls `onSignedOut` when another tab of this browser signs out; returns the unsubscribe. */
export function onSignedOutElsewhere(onSignedOut: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === SESSION_KEY && event.newValue === 'signed-out') onSignedOut();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** The calls whose 401 says nothing about a session ending: a wrong password, or asking who is signed in. */
const SESSIONLESS_PATHS = ['/api/auth/login', '/api/auth/user', '/api/auth/register'];

export const endsSession = (status: unknown, url: string) => status === 401 && !SESSIONLESS_PATHS.some((path) => url.split('?')[0] === path);
