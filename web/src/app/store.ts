import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import type { StoreState } from '../session/hooks';
import { sessionEnded, sessionSlice } from '../session/sessionSlice';
import { BRAND } from './brand';

// Whatever ends a session also forgets every answer cached for it.
const sessionListener = createListenerMiddleware();
sessionListener.startListening({
  actionCreator: sessionEnded,
  effect: (_action, listenerApi) => {
    listenerApi.dispatch(baseApi.util.resetApiState());
    // Signed out, the title is the brand alone at once, before the sign-in page has even loaded.
    if (typeof document !== 'undefined') document.title = BRAND;
  },
});

export const store = configureStore({
  reducer: { session: sessionSlice.reducer, [baseApi.reducerPath]: baseApi.reducer },
  middleware: (getDefault) => getDefault().prepend(sessionListener.middleware).concat(baseApi.middleware),
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;

// The layers below app/ read the state as session/hooks' StoreState: this fails to compile when it is not what the store holds.
const _stateMatches: StoreState = {} as RootState;
