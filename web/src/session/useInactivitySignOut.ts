import { useEffect } from 'react';
import { useAppDispatch } from '../app/hooks';
import { inactivityTimeoutFrom, INACTIVITY_TIMEOUT_KEY } from './inactivityTimeout';
import { signOut } from './signOut';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

const configuredTimeout = (() => {
  try {
    return inactivityTimeoutFrom(window.localStorage.getItem(INACTIVITY_TIMEOUT_KEY));
  } catch {
    return inactivityTimeoutFrom(null);
  }
})();

/** Signs the user out after the configured time without any input (15 minutes unless a test shortens it). */
export function useInactivitySignOut(active: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!active) return;
    let lastActivity = Date.now();
    let ended = false;
    const onActivity = () => {
      lastActivity = Date.now();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    // Checked against the clock, so a laptop waking from sleep signs out at once.
    const timer = window.setInterval(
      () => {
        if (ended || Date.now() - lastActivity < configuredTimeout) return;
        ended = true;
        void signOut(dispatch, 'inactivity');
      },
      Math.min(1000, Math.max(250, configuredTimeout / 10)),
    );
    return () => {
      window.clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [active, dispatch]);
}
