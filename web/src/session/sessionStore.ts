/**
 * Where the session lives in the browser: the spec's keys `token`, `adminAuthenticated` and
 * `userLoggedIn`. 'Keep me signed in on this device' puts them in localStorage (they survive closing
 * the browser); otherwise sessionStorage, so the session ends with the tab.
 */
export const TOKEN_KEY = 'token';
export const ADMIN_FLAG_KEY = 'adminAuthenticated';
export const INSTITUTION_FLAG_KEY = 'userLoggedIn';
const KEYS = [TOKEN_KEY, ADMIN_FLAG_KEY, INSTITUTION_FLAG_KEY] as const;

export type StoredSession = { token: string | null; adminAuthenticated: boolean; userLoggedIn: boolean };

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
export type Storages = { local: StorageLike; session: StorageLike };

const browserStorages = (): Storages => ({ local: window.localStorage, session: window.sessionStorage });

/** Reads the session from whichever storage holds the token (the tab's own first). */
export function readStoredSession(storages: Storages = browserStorages()): StoredSession {
  const from = storages.session.getItem(TOKEN_KEY) !== null ? storages.session : storages.local;
  return {
    token: from.getItem(TOKEN_KEY),
    adminAuthenticated: from.getItem(ADMIN_FLAG_KEY) === 'true',
    userLoggedIn: from.getItem(INSTITUTION_FLAG_KEY) === 'true',
  };
}

export function storeSession(
  token: string,
  role: 'admin' | 'institution',
  keepSignedIn: boolean,
  storages: Storages = browserStorages(),
): void {
  clearStoredSession(storages);
  const into = keepSignedIn ? storages.local : storages.session;
  into.setItem(TOKEN_KEY, token);
  into.setItem(role === 'admin' ? ADMIN_FLAG_KEY : INSTITUTION_FLAG_KEY, 'true');
}

export function clearStoredSession(storages: Storages = browserStorages()): void {
  for (const key of KEYS) {
    storages.local.removeItem(key);
    storages.session.removeItem(key);
  }
}
