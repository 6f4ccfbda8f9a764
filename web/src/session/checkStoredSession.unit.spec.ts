import { checkStoredSession, validationEndsSession } from './checkStoredSession';
import { clearStoredSession, readStoredSession, storeSession, type Storages } from './sessionStore';
import { decodeToken, isTokenExpired } from './tokenClaims';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const base64Url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenFor = (claims: Record<string, unknown>) => `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`;
const claims = (role: 'admin' | 'institution', expInSeconds = 3600) => ({
  id: 7,
  name: 'Banque Atlantique',
  email: 'ops@banque.example',
  role,
  is_admin: role === 'admin',
  is_active: true,
  iat: NOW / 1000 - 60,
  exp: NOW / 1000 + expInSeconds,
});

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  keys = () => [...this.items.keys()].sort();
}
const storages = () => ({ local: new MemoryStorage(), session: new MemoryStorage() });

describe('Start-up session checks (spec §4), in their order', () => {
  it('should sign out when no token is stored', () => {
    expect(checkStoredSession({ token: null, adminAuthenticated: false, userLoggedIn: false }, NOW)).toEqual({
      outcome: 'signedOut',
      reason: 'missing',
    });
  });

  it('should sign out an expired token before looking at the flags', () => {
    const token = tokenFor(claims('institution', -1));
    expect(checkStoredSession({ token, adminAuthenticated: false, userLoggedIn: false }, NOW)).toEqual({
      outcome: 'signedOut',
      reason: 'expired',
    });
  });

  it('should sign out a token it cannot decode', () => {
    for (const token of ['not-a-token', 'a.b.c', `x.${base64Url({ id: 1 })}.y`]) {
      expect(checkStoredSession({ token, adminAuthenticated: false, userLoggedIn: true }, NOW)).toEqual({
        outcome: 'signedOut',
        reason: 'undecodable',
      });
    }
  });

  it('should require the admin flag, and not the institution flag, for an admin token', () => {
    const token = tokenFor(claims('admin'));
    expect(checkStoredSession({ token, adminAuthenticated: false, userLoggedIn: false }, NOW).outcome).toBe('signedOut');
    expect(checkStoredSession({ token, adminAuthenticated: true, userLoggedIn: true }, NOW)).toEqual({
      outcome: 'signedOut',
      reason: 'inconsistentFlags',
    });
    expect(checkStoredSession({ token, adminAuthenticated: true, userLoggedIn: false }, NOW)).toMatchObject({
      outcome: 'validate',
      role: 'admin',
    });
  });

  it('should require the institution flag for an institution token', () => {
    const token = tokenFor(claims('institution'));
    expect(checkStoredSession({ token, adminAuthenticated: true, userLoggedIn: false }, NOW)).toEqual({
      outcome: 'signedOut',
      reason: 'inconsistentFlags',
    });
    expect(checkStoredSession({ token, adminAuthenticated: false, userLoggedIn: true }, NOW)).toMatchObject({
      outcome: 'validate',
      role: 'institution',
    });
  });

  it('should end the session only when the validation call answers 401 or 403', () => {
    expect(validationEndsSession(401)).toBe(true);
    expect(validationEndsSession(403)).toBe(true);
    expect(validationEndsSession(500)).toBe(false);
    expect(validationEndsSession('FETCH_ERROR')).toBe(false);
  });
});

describe('Token expiry', () => {
  it('should read expiry in seconds and count an undecodable token as expired', () => {
    expect(isTokenExpired(tokenFor(claims('admin', 10)), NOW)).toBe(false);
    expect(isTokenExpired(tokenFor(claims('admin', 0)), NOW)).toBe(true);
    expect(isTokenExpired('garbage', NOW)).toBe(true);
    expect(decodeToken(tokenFor(claims('institution')))?.name).toBe('Banque Atlantique');
  });
});

describe('Stored session', () => {
  it('should keep a "keep me signed in" session in localStorage and any other in sessionStorage', () => {
    const kept = storages();
    storeSession('t1', 'institution', true, kept as unknown as Storages);
    expect(kept.local.keys()).toEqual(['token', 'userLoggedIn']);
    expect(kept.session.keys()).toEqual([]);

    const tab = storages();
    storeSession('t2', 'admin', false, tab as unknown as Storages);
    expect(tab.session.keys()).toEqual(['adminAuthenticated', 'token']);
    expect(readStoredSession(tab as unknown as Storages)).toEqual({ token: 't2', adminAuthenticated: true, userLoggedIn: false });
  });

  it('should clear every key from both storages', () => {
    const both = storages();
    storeSession('t1', 'institution', true, both as unknown as Storages);
    both.session.setItem('adminAuthenticated', 'true');
    clearStoredSession(both as unknown as Storages);
    expect([...both.local.keys(), ...both.session.keys()]).toEqual([]);
  });
});
