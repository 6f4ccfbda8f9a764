import { startSession } from './startSession';
import { store } from './store';

let started = false;

/** Creates the store and starts spec §4's session check (once), before the router and pages are evaluated. */
export function startStoredSession(): void {
  if (started) return;
  started = true;
  void startSession(store.dispatch);
}
