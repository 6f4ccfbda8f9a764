import { useEffect } from 'react';
import { useAppDispatch } from '../session/hooks';
import { INACTIVITY_TIMEOUT_MS } from '../session/inactivityTimeout';
import { signOut } from '../api/signOut';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** Signs the user out after 15 minutes without any input. */
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
    const timer = window.setInterval(() => {
      if (ended || Date.now() - lastActivity < INACTIVITY_TIMEOUT_MS) return;
      ended = true;
      void signOut(dispatch, 'inactivity');
    }, 1000);
    return () => {
      window.clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [active, dispatch]);
}
