import { createAction } from '@reduxjs/toolkit';

/**
 * The server no longer knows this tab's member (a 401 on a signed-in call), or another tab
 * signed out. `elsewhere` marks the news as coming from another tab, so it is not sent back.
 */
export const sessionEnded = createAction<{ readonly elsewhere: boolean } | undefined>('session/ended');

/** The calls whose 401 says nothing about a session ending: a wrong password, or asking who is signed in. */
const SESSIONLESS_PATHS = ['/api/auth/login', '/api/auth/user', '/api/auth/register'];

export const endsSession = (status: unknown, url: string) =>
  status === 401 && !SESSIONLESS_PATHS.some((path) => url.split('?')[0] === path);
