import { createAction, createSlice } from '@reduxjs/toolkit';
import { sessionApi } from './session-api';

/** The member signed out here on purpose: guards let him leave instead of asking him to sign in again. */
export const signedOutOnPurpose = createAction('session/signedOutOnPurpose');

export const sessionSlice = createSlice({
  name: 'session',
  initialState: { leavingOnPurpose: false },
  reducers: {},
  extraReducers: (builder) =>
    builder
      .addCase(signedOutOnPurpose, (state) => {
        state.leavingOnPurpose = true;
      })
      .addMatcher(sessionApi.endpoints.getCurrentUser.matchFulfilled, (state, action) => {
        if (action.payload) state.leavingOnPurpose = false;
      }),
});

type WithSession = { readonly session?: ReturnType<typeof sessionSlice.reducer> };

export const selectLeavingOnPurpose = (state: WithSession) => state.session?.leavingOnPurpose ?? false;
