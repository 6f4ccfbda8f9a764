import { approvedInstitution, bearer, signInAsAdmin } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { registeredRoutes } from './apiRoutes';

const HUGE = '99999999999999999999';
const HOSTILE_QUERY = new URLSearchParams({
  page: '1e300',
  limit: '-5',
  institutionId: HUGE,
  uploadBatchId: HUGE,
  status: "x' OR 1=1 --",
  sortBy: 'password',
  sortOrder: 'sideways',
  dateFrom: '275760-09-13',
  dateTo: 'yesterday',
  minAmount: '1e400',
  maxAmount: '-1e400',
  search: '%_\\',
  view: 'everything',
  action: 'drop',
  format: 'exe',
  includeAssociations: 'maybe',
}).toString();

/**
 * Every parameter above again, each holding a NUL, an encoded lone surrogate or a broken UTF-8
 * sequence (all at once), or 10 000 characters (one parameter at a time: a URL stays under Node's
 * 16 KB header limit).
 */
const QUERY_NAMES = [...new URLSearchParams(HOSTILE_QUERY).keys()];
const EXTREME_QUERIES = [
  ...['%00', '%ED%A0%80', 'a%F0%9F%98'].map((value) => QUERY_NAMES.map((name) => `${name}=${value}`).join('&')),
  ...QUERY_NAMES.map((name) => `${name}=${'x'.repeat(10_000)}`),
];

const HOSTILE_BODIES: unknown[] = [
  { email: 12, password: ['x'], name: { $ne: 1 }, value: 'NaN', parameters: 'all', is_active: 'yes', institutionId: HUGE, reason: 7 },
  [1, 2, 3],
  'just a string',
];

/**
 * Every route the platform mounts, called by an admin and by an institution with hostile ids,
 * query strings and bodies: whatever the answer, it is a clear 4xx in the envelope, never a 500.
 */
describe('Hostile input on every route', () => {
  let platform: TestPlatform;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    platform = await startTestPlatform({ env: { REGISTRATION_LIMIT_PER_HOUR: '10000', RESET_REQUEST_LIMIT_PER_IP: '10000' } });
    const admin = await signInAsAdmin(platform);
    tokens = { admin, institution: (await approvedInstitution(platform, admin)).token };
  });
  afterAll(async () => platform.close());

  const routes = registeredRoutes().filter((route) => !/logout/.test(route.path));

  it.each(routes.map((route) => [route.key, route] as const))('%s should never answer 500', async (_key, route) => {
    const path = route.path.replace(/:[A-Za-z]+/g, HUGE);
    for (const [who, token] of Object.entries(tokens)) {
      const bodies = route.method === 'GET' || route.method === 'DELETE' ? [undefined] : HOSTILE_BODIES;
      for (const json of bodies) {
        const response = await platform.request(`/api${path}?${HOSTILE_QUERY}`, { method: route.method, headers: bearer(token), json });
        if (response.status >= 500) throw new Error(`${who} ${route.key} answered ${response.status}: ${JSON.stringify(response.body)}`);
        if (response.status >= 400) expect(response.body).toMatchObject({ success: false, message: expect.any(String) });
      }
      for (const query of EXTREME_QUERIES) {
        const response = await platform.request(`/api${path}?${query}`, { method: route.method, headers: bearer(token) });
        if (response.status >= 500) throw new Error(`${who} ${route.key} with ${query.slice(0, 40)} answered ${response.status}`);
        if (query.includes('%00') || query.length > 10_000) expect(response.status).toBe(400);
      }
    }
  });

  it('should refuse NUL characters in names with 400 and keep every projection running', async () => {
    const registered = await platform.request('/api/institution/create', {
      method: 'POST',
      json: { name: 'Evil\u0000Bank', email: 'evil@bank.test', password: 'Evil-pass1' },
    });
    expect(registered).toMatchObject({ status: 400, body: { success: false, message: 'Text must not contain NUL characters' } });
    const form = new FormData();
    form.append('batchName', 'evil\u0000name');
    form.append('csvFile', new Blob(['name,reference_number\nA,1\n']), 'x.csv');
    const uploaded = await platform.request('/api/csv/upload', { method: 'POST', body: form, headers: bearer(tokens.institution) });
    expect(uploaded.status).toBe(400);
    const fine = await platform.request('/api/institution/create', {
      method: 'POST',
      json: { name: 'Fine Bank', email: 'fine@bank.test', password: 'Fine-pass1' },
    });
    const list = await platform.request('/api/admin/institutions?status=pending', {
      headers: { ...bearer(tokens.admin), 'X-Min-Position': String(fine.body.position) },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.institutions.map((institution: { name: string }) => institution.name)).toContain('Fine Bank');
  });
});
