import { approvedInstitution, bearer, signedInAuditor, signInAsAdmin, type TestInstitution } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { csvOf, resultsChecksum, settledBatch, starterRows, upload } from '../support/uploads';
import { modelClient, type ModelClient } from '../model/modelClient';

const RECORDS = 600;
/** Two records a required cell short are refused at upload (the batch's error report): they never reach the log's records. */
const ACCEPTED = RECORDS - 2;
// Starter model: template 2 is the Maximum Credit Limit (5 000 000), template 1 the minimum (50 000);
// Character holds variables 2 (Years as client, 30) and 3 (Days past due, 20).
const MAX_LIMIT = 2;
const MIN_LIMIT_XAF = 50_000;
const YEARS_AS_CLIENT = 2;
const DAYS_PAST_DUE = 3;

type Terms = { creditLimit: number; interestRate: number };
type Compared = { reference: string; champion: Terms | null; challenger: Terms | null; changed: boolean; creditLimitChange: number | null };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Batch replay', () => {
  let platform: TestPlatform;
  let api: ModelClient;
  let admin: string;
  let bank: TestInstitution;
  let batchId: number;
  let uploadVersion: number;
  let checksum: { count: number; hash: string };

  const replay = (query: string, token = admin) =>
    platform.request(`/api/admin/compliance/batches/${batchId}/replay${query}`, { headers: bearer(token) });

  /** Every client of a comparison, read page by page. */
  const everyClient = async (against: string, limit = 250) => {
    const clients: Compared[] = [];
    for (let page = 1; ; page++) {
      const response = await replay(`?against=${encodeURIComponent(against)}&page=${page}&limit=${limit}`);
      expect(response.status).toBe(200);
      clients.push(...response.body.data.comparison.clients);
      if (page >= response.body.data.comparison.pagination.totalPages) return { clients, data: response.body.data };
    }
  };

  const storedResults = async (): Promise<{ reference: string; limit: number; weight: number }[]> =>
    (
      await platform.knex.raw(
        `SELECT c.reference_number AS reference, r.credit_limit::bigint AS limit, r.sum_normalised_credit_limit_weights AS weight
           FROM results r JOIN clients c ON c.id = r.client_id WHERE r.batch_id = ?`,
        [batchId],
      )
    ).rows.map((row: { reference: string; limit: string; weight: number }) => ({ ...row, limit: Number(row.limit) }));

  beforeAll(async () => {
    platform = await startTestPlatform();
    api = modelClient(platform);
    admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Banque du Rejeu');
    const { headers, rows } = starterRows(RECORDS, 11);
    rows[5][headers.indexOf('Monthly income')] = '';
    rows[17][headers.indexOf('Monthly income')] = 'plenty';
    const uploaded = await upload(platform, bank.token, { name: 'clients.csv', content: csvOf(headers, rows) }, { batchName: 'Replayed' });
    expect(uploaded.status).toBe(201);
    batchId = uploaded.body.data.batch.id;
    const batch = await settledBatch(platform, bank.token, batchId, uploaded.body.position);
    uploadVersion = batch.modelVersion;
    checksum = await resultsChecksum(platform);
  });
  afterAll(async () => platform.close());

  describe('When a batch is replayed under the model of its upload', () => {
    it('should reproduce every stored result exactly', async () => {
      const response = await replay('');
      expect(response.status).toBe(200);
      const { data } = response.body;
      expect(data.batch).toMatchObject({ id: batchId, institutionId: bank.id, modelVersion: uploadVersion });
      expect(data.champion).toEqual({ moment: 'upload', position: uploadVersion });
      expect(data.challenger).toEqual({ requested: 'upload', position: uploadVersion, at: null });
      expect(data.reproduction).toEqual({
        total: ACCEPTED,
        reproduced: ACCEPTED,
        exact: true,
        storedResults: ACCEPTED,
        storedWithoutRecord: 0,
        differences: [],
      });
      expect((await storedResults()).length).toBe(ACCEPTED);
      expect(data.comparison.totals).toMatchObject({ clients: ACCEPTED, changed: 0, totalCreditLimitChange: 0 });
      expect(data.comparison.totals.champion).toEqual(data.comparison.totals.challenger);
      expect(data.comparison.pagination).toEqual({ total: ACCEPTED, page: 1, limit: 100, totalPages: 6 });
    });

    it('should name a stored result that was altered behind the log, and only it', async () => {
      const [victim] = (
        await platform.knex.raw(
          `SELECT r.id, r.credit_limit::bigint AS limit, c.reference_number AS reference
             FROM results r JOIN clients c ON c.id = r.client_id WHERE r.batch_id = ? AND r.credit_limit > 0 ORDER BY r.id LIMIT 1`,
          [batchId],
        )
      ).rows;
      await platform
        .knex('results')
        .where({ id: victim.id })
        .update({ credit_limit: Number(victim.limit) + 1 });
      try {
        // The replay of the first call is kept for its pages; the stored results are read again every time.
        const { reproduction } = (await replay('?against=upload')).body.data;
        expect(reproduction).toMatchObject({ total: ACCEPTED, reproduced: ACCEPTED - 1, exact: false });
        expect(reproduction.differences).toEqual([
          expect.objectContaining({
            reference: victim.reference,
            stored: expect.objectContaining({ creditLimit: Number(victim.limit) + 1 }),
            replayed: expect.objectContaining({ creditLimit: Number(victim.limit) }),
            rejection: null,
            fields: ['creditLimit'],
          }),
        ]);
      } finally {
        await platform.knex('results').where({ id: victim.id }).update({ credit_limit: victim.limit });
      }
    });
  });

  describe("When it is compared with the model after the institution's maximum limit changed", () => {
    let setAt: number;
    let beforeModelChange: string;

    beforeAll(async () => {
      const set = await api.post(admin, `/institution/setParameters/${bank.id}`, {
        parameters: [{ parameterId: MAX_LIMIT, value: 4_000_000 }],
      });
      expect(set.status).toBe(200);
      setAt = set.body.position;
      await pause(5);
      beforeModelChange = new Date().toISOString();
      await pause(5);
    });

    it('should move every granted limit to what the new maximum gives, client by client, and keep the rates', async () => {
      const { clients, data } = await everyClient(String(setAt));
      expect(data.challenger).toEqual({ requested: String(setAt), position: setAt, at: null });
      const stored = new Map(
        (await storedResults()).map((row: { reference: string; limit: number; weight: number }) => [row.reference, row]),
      );
      expect(clients).toHaveLength(ACCEPTED);
      let granted = 0;
      for (const client of clients) {
        const kept = stored.get(client.reference);
        if (!kept) {
          expect(client).toMatchObject({ champion: null, challenger: null, changed: false });
          continue;
        }
        expect(client.champion!.creditLimit).toBe(kept.limit);
        expect(client.challenger!.interestRate).toBe(client.champion!.interestRate);
        if (kept.limit === 0) {
          expect(client.challenger!.creditLimit).toBe(0);
          continue;
        }
        granted++;
        expect(client.challenger!.creditLimit).toBe(Math.round(MIN_LIMIT_XAF + kept.weight * (4_000_000 - MIN_LIMIT_XAF)));
        expect(client.changed).toBe(client.challenger!.creditLimit !== kept.limit);
      }
      expect(granted).toBeGreaterThan(100);
      expect(data.comparison.totals.changed).toBe(clients.filter((client) => client.changed).length);
      expect(data.comparison.totals.changed).toBeGreaterThan(100);
    });

    it('should keep its totals consistent with its clients', async () => {
      const { clients, data } = await everyClient('now', 1000);
      const { totals } = data.comparison;
      const sum = (side: 'champion' | 'challenger') => clients.reduce((total, client) => total + (client[side]?.creditLimit ?? 0), 0);
      const scorable = (side: 'champion' | 'challenger') => clients.filter((client) => client[side] !== null).length;
      const averageRate = (side: 'champion' | 'challenger') =>
        Math.round((clients.reduce((total, client) => total + (client[side]?.interestRate ?? 0), 0) / scorable(side)) * 100) / 100;
      for (const side of ['champion', 'challenger'] as const) {
        expect(totals[side]).toEqual({ scorable: scorable(side), totalCreditLimit: sum(side), averageInterestRate: averageRate(side) });
      }
      expect(totals.champion.totalCreditLimit).toBe(
        (await storedResults()).reduce((total: number, row: { limit: number }) => total + row.limit, 0),
      );
      expect(totals.totalCreditLimitChange).toBe(sum('challenger') - sum('champion'));
      expect(totals.totalCreditLimitChange).toBeLessThan(0);
      const changedOnly = await replay('?against=now&changedOnly=true&limit=1000');
      expect(changedOnly.body.data.comparison.pagination.total).toBe(totals.changed);
      expect(changedOnly.body.data.comparison.clients.every((client: Compared) => client.changed)).toBe(true);
    });

    it('should compare with the model after a proportion changed too, and with a date before both changes as the upload', async () => {
      const before = (await replay(`?against=${setAt}&limit=1000`)).body.data;
      const changed = await api.put(admin, `/variable/update/${YEARS_AS_CLIENT}`, {
        variableProportion: 45,
        redistributeProportions: [{ variableId: DAYS_PAST_DUE, proportion: 5 }],
      });
      expect(changed.status).toBe(200);
      const now = (await replay('?against=now&limit=1000')).body.data;
      expect(now.challenger.position).toBe(changed.body.position);
      const differs = now.comparison.clients.filter(
        (client: Compared, index: number) => client.challenger?.interestRate !== before.comparison.clients[index].challenger?.interestRate,
      );
      expect(differs.length).toBeGreaterThan(0);

      const atDate = (await replay(`?against=${encodeURIComponent(beforeModelChange)}`)).body.data;
      expect(atDate.challenger).toMatchObject({ position: expect.any(Number), at: beforeModelChange });
      expect(atDate.challenger.position).toBeGreaterThanOrEqual(setAt);
      expect(atDate.challenger.position).toBeLessThan(changed.body.position);
      expect(atDate.comparison.totals).toEqual(before.comparison.totals);

      // Reproduction does not depend on what the model has become since.
      expect((await replay('?against=upload')).body.data.reproduction).toMatchObject({ reproduced: ACCEPTED, exact: true });
    });

    it('should have changed no stored result', async () => {
      expect(await resultsChecksum(platform)).toEqual(checksum);
    });
  });

  describe('When the request is wrong or the caller not a platform account', () => {
    it('should answer 404 for an unknown batch and 400 for a moment it cannot read', async () => {
      const unknown = await platform.request('/api/admin/compliance/batches/999999/replay', { headers: bearer(admin) });
      expect(unknown.status).toBe(404);
      expect((await replay('?against=tomorrow')).status).toBe(400);
      expect((await replay('?changedOnly=maybe')).status).toBe(400);
      expect((await replay('?limit=5000')).status).toBe(400);
      const head = (await platform.store.head()).position;
      expect((await replay(`?against=${head + 10}`)).body.message).toBe(`against is past the log's head (position ${head})`);
    });

    it('should refuse the batch owner with 403 and a caller without a token with 401, and serve an auditor', async () => {
      expect((await replay('', bank.token)).status).toBe(403);
      expect((await platform.request(`/api/admin/compliance/batches/${batchId}/replay`)).status).toBe(401);
      const auditor = await signedInAuditor(platform, admin);
      const served = await replay('?against=upload', auditor.token);
      expect(served.status).toBe(200);
      expect(served.body.data.reproduction.exact).toBe(true);
    });
  });
});
