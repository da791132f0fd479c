import { configureStore } from '@reduxjs/toolkit';
import { sessionListener } from '../lib/session/session-listener';
import { sessionSlice } from '../lib/session/session-slice';
import { api } from '../lib/api';

export function makeStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, [sessionSlice.name]: sessionSlice.reducer },
    middleware: (getDefault) => getDefault().prepend(sessionListener.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
