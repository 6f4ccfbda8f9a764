import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from './hooks';
import { sessionEnded } from './sessionSlice';
import { clearStoredSession } from './sessionStore';
import { decodeToken } from './tokenClaims';

// setTimeout holds at most about 24.8 days; a 30-day session is checked again later.
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Ends the session the moment its token expires, even if the user makes no request. */
export function useTokenExpiry(): void {
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.session.token);
  useEffect(() => {
    const claims = token ? decodeToken(token) : null;
    if (!claims) return;
    const left = claims.exp * 1000 - Date.now();
    const timer = window.setTimeout(
      () => {
        if (decodeToken(token as string) && claims.exp * 1000 > Date.now()) return;
        clearStoredSession();
        dispatch(sessionEnded('expired'));
      },
      Math.min(Math.max(0, left), MAX_DELAY_MS),
    );
    return () => window.clearTimeout(timer);
  }, [token, dispatch]);
}
