import type { AppDispatch } from '../app/store';
import { sessionApi } from './sessionApi';
import { sessionEnded, type SessionEndReason } from './sessionSlice';
import { clearStoredSession } from './sessionStore';

/** Records the sign-out on the server (best effort: the session ends here whatever it answers). */
export async function signOut(dispatch: AppDispatch, reason: SessionEndReason): Promise<void> {
  const request = dispatch(sessionApi.endpoints.logout.initiate());
  await Promise.race([request, new Promise((resolve) => setTimeout(resolve, 1500))]);
  clearStoredSession();
  dispatch(sessionEnded(reason));
}
