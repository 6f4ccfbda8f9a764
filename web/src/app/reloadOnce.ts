const RELOADED_KEY = 'reloadedForNewVersion';

/**
 * A tab open across a deploy asks for chunks that no longer exist: reload once to get the new ones,
 * but never loop. The mark is dropped once the app has run a while without needing it.
 */
export function reloadOnce(): boolean {
  try {
    if (window.sessionStorage.getItem(RELOADED_KEY)) return false;
    window.sessionStorage.setItem(RELOADED_KEY, '1');
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

export function forgetReloadLater(): void {
  window.setTimeout(() => {
    try {
      window.sessionStorage.removeItem(RELOADED_KEY);
    } catch {
      // Storage unavailable: nothing to forget.
    }
  }, 10_000);
}
