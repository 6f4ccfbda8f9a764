import type { AppDispatch } from '../session/hooks';
import { sessionApi } from './sessionApi';
import { sessionEnded, type SessionEndReason } from '../session/sessionSlice';
import { clearStoredSession } from '../session/sessionStore';

/** Records the sign-out on the server (best effort: the session ends here whatever it answers). */
export async function signOut(dispatch: AppDispatch, reason: SessionEndReason): Promise<void> {
  const request = dispatch(sessionApi.endpoints.logout.initiate());
  await Promise.race([request, new Promise((resolve) => setTimeout(resolve, 1500))]);
  clearStoredSession();
  dispatch(sessionEnded(reason));
}
