import type { store as appStore } from '../app/store';
import { baseApi } from './baseApi';
import { signedIn, tokenRestored, userFromClaims } from '../session/sessionSlice';
import { decodeToken } from '../session/tokenClaims';

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}
type AppStore = typeof appStore;
const fakeWindow = { location: { pathname: '/result' }, localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() };
(globalThis as unknown as { window: typeof fakeWindow }).window = fakeWindow;

// Imported after the fake window exists: the store wires the session listener.
const { store } = require('../app/store') as { store: AppStore };

const base64Url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenExpiringIn = (seconds: number) => {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    id: 3,
    name: 'Banque',
    email: 'ops@banque.example',
    role: 'institution',
    is_admin: false,
    is_active: true,
    iat: now,
    exp: now + seconds,
  };
  return `${base64Url({ alg: 'HS256' })}.${base64Url(claims)}.sig`;
};

const probe = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probeQuery: build.query<unknown, string>({ query: (path) => path }),
    probeCommand: build.mutation<unknown, void>({ query: () => ({ url: '/command', method: 'POST', body: {} }) }),
  }),
});

// Node's Request needs an absolute URL where a browser resolves '/api/…' against the page.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? `http://localhost${input}` : input, init);
  }
} as typeof Request;

const answers: Response[] = [];
const requests: Request[] = [];
globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
  requests.push(input as Request);
  return answers.shift() ?? new Response(JSON.stringify({ success: true, message: 'ok', data: [] }), { status: 200 });
}) as typeof fetch;
const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const signIn = (token: string) => {
  fakeWindow.sessionStorage.setItem('token', token);
  fakeWindow.sessionStorage.setItem('userLoggedIn', 'true');
  store.dispatch(tokenRestored(token));
  store.dispatch(
    signedIn({
      token,
      user: userFromClaims(
        decodeToken(token) ??
          (() => {
            throw new Error('bad token');
          })(),
      ),
    }),
  );
};

beforeEach(() => {
  requests.length = 0;
  answers.length = 0;
  fakeWindow.location.pathname = '/result';
  store.dispatch(baseApi.util.resetApiState());
});

describe('The base query', () => {
  it('should send the Bearer token', async () => {
    const token = tokenExpiringIn(3600);
    signIn(token);
    await store.dispatch(probe.endpoints.probeQuery.initiate('/a', { forceRefetch: true }));
    expect(requests[0].headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it("should send back the position of the user's last command as X-Min-Position", async () => {
    signIn(tokenExpiringIn(3600));
    answers.push(json(200, { success: true, message: 'Saved', data: null, position: 41 }));
    await store.dispatch(probe.endpoints.probeCommand.initiate());
    answers.push(json(200, { success: true, message: 'Saved', data: { position: 57 } }));
    await store.dispatch(probe.endpoints.probeCommand.initiate());
    await store.dispatch(probe.endpoints.probeQuery.initiate('/list', { forceRefetch: true }));
    expect(requests[2].headers.get('X-Min-Position')).toBe('57');
  });

  it("should refuse to send with an expired token: 'Token expired', session cleared", async () => {
    signIn(tokenExpiringIn(-5));
    const result = await store.dispatch(probe.endpoints.probeCommand.initiate());
    expect(requests).toHaveLength(0);
    if (!('error' in result)) throw new Error('the command should have been refused');
    expect(result.error).toMatchObject({ error: 'Token expired' });
    expect(store.getState().session).toMatchObject({ status: 'signedOut', token: null, endReason: 'expired' });
    expect(fakeWindow.sessionStorage.getItem('token')).toBeNull();
  });

  it('should end the session on a 401 away from the sign-in pages', async () => {
    signIn(tokenExpiringIn(3600));
    answers.push(json(401, { success: false, message: 'Your session has ended. Please sign in again.' }));
    await store.dispatch(probe.endpoints.probeQuery.initiate('/c', { forceRefetch: true }));
    expect(store.getState().session).toMatchObject({ status: 'signedOut', endReason: 'unauthorized' });
  });

  it('should keep the session on a 403 that is not about an inactive account', async () => {
    signIn(tokenExpiringIn(3600));
    answers.push(json(403, { success: false, message: 'Admin access required' }));
    await store.dispatch(probe.endpoints.probeQuery.initiate('/d', { forceRefetch: true }));
    expect(store.getState().session.status).toBe('signedIn');
    answers.push(json(403, { success: false, message: 'This account has been deactivated' }));
    await store.dispatch(probe.endpoints.probeQuery.initiate('/e', { forceRefetch: true }));
    expect(store.getState().session).toMatchObject({ status: 'signedOut', endReason: 'deactivated' });
  });
});
