import { randomBytes } from 'node:crypto';
import { approvedInstitution, bearer, signInAsAdmin } from '../support/actors';
import { csvOf, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

type Step = { command: () => Promise<{ status: number; body: any }>; sees: () => Promise<boolean>; what: string };

/**
 * A client written from the spec alone sends no consistency header: each query must still see the
 * command acknowledged just before it, whatever the entity.
 */
describe('Reads that see every acknowledged write, with no header', () => {
  let platform: TestPlatform;
  let admin: string;
  beforeAll(async () => {
    platform = await startTestPlatform({ env: { REGISTRATION_LIMIT_PER_HOUR: '1000' } });
    admin = await signInAsAdmin(platform);
  });
  afterAll(async () => platform.close());

  const get = async (path: string, token: string) => {
    const response = await platform.request(`/api${path}`, { headers: bearer(token) });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data;
  };
  const send = (method: string, path: string, token: string | null, json?: unknown) =>
    platform.request(`/api${path}`, { method, json, headers: token ? bearer(token) : {} });

  /** Ten command → query pairs over institutions, approvals, the model, templates, administrators, profiles, the audit log and batches. */
  async function round(index: number): Promise<Step[]> {
    const tag = `${index}-${randomBytes(3).toString('hex')}`;
    const email = `bank-${tag}@consistent.test`;
    let institutionId = 0;
    let categoryId = 0;
    const bank = await approvedInstitution(platform, admin, `Consistent ${tag}`);
    return [
      {
        what: 'a registration, in the pending approvals',
        command: async () => {
          const response = await send('POST', '/institution/create', null, { name: `Pending ${tag}`, email, password: 'Consistent-1' });
          institutionId = response.body.data.id;
          return response;
        },
        sees: async () =>
          (await get('/admin/institutions?status=pending', admin)).institutions.some((row: { id: number }) => row.id === institutionId),
      },
      {
        what: 'an approval, in the approved list',
        command: () => send('POST', `/admin/institutions/${institutionId}/approve`, admin),
        sees: async () =>
          (await get('/admin/institutions?status=approved', admin)).institutions.some((row: { id: number }) => row.id === institutionId),
      },
      {
        what: 'a new category, in the categories',
        command: async () => {
          const response = await send('POST', '/variableCategory/create', admin, {
            name: `Category ${tag}`,
            description: 'Consistency',
            creditLimitWeight: 0,
            interestRateWeight: 0,
          });
          categoryId = response.body.data.id;
          return response;
        },
        sees: async () => (await get('/variableCategory/all', admin)).some((row: { name: string }) => row.name === `Category ${tag}`),
      },
      {
        what: 'a renamed category, under its new name',
        command: () =>
          send('PUT', `/variableCategory/update/${categoryId}`, admin, {
            name: `Renamed ${tag}`,
            description: 'Consistency',
            creditLimitWeight: 0,
            interestRateWeight: 0,
          }),
        sees: async () => (await get('/variable/categories', admin)).some((row: { name: string }) => row.name === `Renamed ${tag}`),
      },
      {
        what: 'a parameter template, in the templates',
        command: () =>
          send('POST', '/parameter/create', admin, {
            name: `Template ${tag}`,
            description: 'Consistency',
            uniqueCode: 5000 + index,
            recommendedRange: '0-10',
            impact: 'low',
            defaultValue: 1,
          }),
        sees: async () => (await get('/parameter/all', admin)).some((row: { uniqueCode: number }) => row.uniqueCode === 5000 + index),
      },
      {
        what: 'a new administrator, in the administrators',
        command: () =>
          send('POST', '/admin/create', admin, { name: `Admin ${tag}`, email: `admin-${tag}@consistent.test`, password: 'Consistent-1' }),
        sees: async () =>
          (await get('/admin/getAllAdmins', admin)).some((row: { email: string }) => row.email === `admin-${tag}@consistent.test`),
      },
      {
        what: 'a profile change, in the profile',
        command: () => send('PUT', '/institution/profile', bank.token, { name: `Renamed bank ${tag}` }),
        sees: async () => (await get('/institution/profile/me', bank.token)).name === `Renamed bank ${tag}`,
      },
      {
        what: 'a sign-in, in the audit log',
        command: () => send('POST', '/institution/login', null, { email: bank.email, password: bank.password }),
        sees: async () => (await get('/institution/audit', bank.token)).logs[0]?.action === 'login',
      },
      {
        what: 'an upload, in the batch list',
        command: async () => {
          const { headers, rows } = starterRows(5, index + 1);
          return upload(platform, bank.token, { name: 'clients.csv', content: csvOf(headers, rows) }, { batchName: `Batch ${tag}` });
        },
        sees: async () => (await get('/csv/batches', bank.token)).batches.some((row: { name: string }) => row.name === `Batch ${tag}`),
      },
      {
        what: 'a deactivation, in user management',
        command: () => send('POST', `/institution/deactivate/${bank.id}`, admin, { comment: 'Consistency' }),
        sees: async () =>
          (await get('/institution/getAllInstitutions', admin)).some(
            (row: { id: number; is_active: boolean }) => row.id === bank.id && !row.is_active,
          ),
      },
    ];
  }

  it('should show every query its command: 100 pairs across every kind of entity', async () => {
    let pairs = 0;
    const missed: string[] = [];
    for (let index = 0; index < 10; index++) {
      for (const step of await round(index)) {
        const response = await step.command();
        if (response.status >= 300) throw new Error(`${step.what}: ${response.status} ${JSON.stringify(response.body)}`);
        if (!(await step.sees())) missed.push(`${index}: ${step.what}`);
        pairs++;
      }
    }
    expect(pairs).toBe(100);
    expect(missed).toEqual([]);
  });

  it('should read the caller’s acknowledged writes and the checkpoints of what it reads in one query', async () => {
    const bank = await approvedInstitution(platform, admin, `One round trip ${randomBytes(3).toString('hex')}`);
    const changed = await send('PUT', '/institution/profile', bank.token, { name: `${bank.name} SA` });
    expect(changed.status).toBe(200);
    const queries: string[] = [];
    const seen = (query: { sql: string }) => {
      if (/acknowledged_writes|projection_checkpoints/.test(query.sql)) queries.push(query.sql);
    };
    platform.readKnex.on('query', seen);
    try {
      // The profile's read waits for the change just acknowledged: it is there by the time the answer comes.
      expect((await get('/institution/profile/me', bank.token)).name).toBe(`${bank.name} SA`);
    } finally {
      platform.readKnex.off('query', seen);
    }
    const withWrites = queries.filter((sql) => sql.includes('acknowledged_writes'));
    expect(withWrites).toHaveLength(1);
    expect(withWrites[0]).toContain('projection_checkpoints');
  });
});
