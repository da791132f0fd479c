// No Redux here: the public header reads the hint on pages that load no store.

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
