import { createListenerMiddleware, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api';
import { announceSignedIn, announceSignedOut } from '../session-hint';
import { sessionEnded } from '../session-signal';
import { sessionApi } from './session-api';

type WithApi = Parameters<ReturnType<typeof sessionApi.endpoints.getCurrentUser.select>>[0];

/**
 * What a tab does when its session ends (any 401 on a signed-in call, or another tab's sign-out):
 * once, while it still thinks someone is signed in, it forgets every answer the server gave
 * (no signed-out member's data stays on screen) and knows itself signed out, without asking.
 * RequireAuth then takes the member to sign in and back. Drafts live in storage and stay.
 */
export const sessionListener = createListenerMiddleware<WithApi, ThunkDispatch<WithApi, unknown, UnknownAction>>();

sessionListener.startListening({
  actionCreator: sessionEnded,
  effect: (action, listenerApi) => {
    const signedIn = sessionApi.endpoints.getCurrentUser.select()(listenerApi.getState()).data;
    if (!signedIn) return;
    listenerApi.dispatch(api.util.resetApiState());
    listenerApi.dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, null));
    if (!action.payload?.elsewhere) announceSignedOut();
  },
});

sessionListener.startListening({
  matcher: sessionApi.endpoints.getCurrentUser.matchFulfilled,
  effect: (action) => {
    if (action.payload) announceSignedIn();
  },
});
