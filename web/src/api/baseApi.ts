import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { positionSeen, sessionEnded, type SessionState } from '../session/sessionSlice';
import { clearStoredSession } from '../session/sessionStore';
import { isTokenExpired } from '../session/tokenClaims';
import { messageOf, positionOf } from './positionOf';
import { retryStaleReads } from './retryStaleReads';
import { ruleForStatus } from './sessionRules';

type WithSession = { session: SessionState };

// A read the server could not yet answer with the caller's own writes (503 with Retry-After) is asked again quietly.
const rawBaseQuery = retryStaleReads(
  fetchBaseQuery({
    baseUrl: '/api',
    prepareHeaders: (headers, { getState }) => {
      const { token, lastPosition } = (getState() as WithSession).session;
      if (token) headers.set('Authorization', `Bearer ${token}`);
      if (lastPosition !== null) headers.set('X-Min-Position', String(lastPosition));
      return headers;
    },
  }),
);

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  const { token } = (api.getState() as WithSession).session;
  if (token && isTokenExpired(token)) {
    clearStoredSession();
    api.dispatch(sessionEnded('expired'));
    return { error: { status: 'CUSTOM_ERROR', error: 'Token expired', data: { success: false, message: 'Token expired' } } };
  }
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error) {
    const rule = ruleForStatus(result.error.status, messageOf(result.error), window.location.pathname);
    if (rule === 'endSession' && (api.getState() as WithSession).session.token) {
      clearStoredSession();
      api.dispatch(sessionEnded(result.error.status === 403 ? 'deactivated' : 'unauthorized'));
    }
    return result;
  }
  const position = positionOf(result.data);
  if (position !== null) api.dispatch(positionSeen(position));
  return result;
};

/** The one API of the app; every feature adds its endpoints with `injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  invalidationBehavior: 'immediately',
  tagTypes: [
    'Session',
    'Institution',
    'Admin',
    'Parameter',
    'ParameterTemplate',
    'Category',
    'Variable',
    'Batch',
    'Result',
    'Dashboard',
    'Settings',
    'Audit',
  ],
  endpoints: () => ({}),
});

/** Every answer is the envelope `{ success, message, data }` (+ `position` for commands). */
export type Envelope<T = unknown> = { success: boolean; message: string; data?: T; position?: number };

/** The envelope of a read that always answers its data: `transformResponse: (answer: Answered<T>) => answer.data`. */
export type Answered<T> = Envelope<T> & { data: T };
