import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, handWrittenBatch, settledBatch, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

const DAY = 86_400_000;

describe('The workspace dashboard', () => {
  let platform: TestPlatform;
  let admin: string;
  let bank: TestInstitution;
  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Dashboard Bank');
  });
  afterAll(async () => platform.close());

  const dashboard = async (token: string, query = '') => platform.request(`/api/institution/dashboard${query}`, { headers: bearer(token) });

  describe('When the institution has scored no one yet', () => {
    it('should answer zeros, no change, a full empty series and the minimum score line', async () => {
      const response = await dashboard(bank.token);
      expect(response.status).toBe(200);
      const data = response.body.data;
      expect(data.period).toBe('30d');
      expect(data.totalClientsProcessed).toEqual({ value: 0, previous: 0, change: null });
      expect(data.performanceScore).toMatchObject({ value: 0, approvalRate: { value: 0 } });
      expect(data.series.bucket).toBe('day');
      expect(data.series.points.length).toBeGreaterThanOrEqual(30);
      expect(data.series.points.every((point: { clients: number }) => point.clients === 0)).toBe(true);
      expect(data.scoreDistribution.minimumScore).toBe(30);
      expect(data.scoreDistribution.buckets).toHaveLength(10);
      expect(data.recentActivity.some((row: { action: string }) => row.action === 'login')).toBe(true);
    });
  });

  describe('When batches were scored in this period and the one before', () => {
    it('should give the period’s figures against the previous one, equal to the results themselves', async () => {
      // 12 clients scored 40 days ago (the previous 30-day period), 50 today.
      const old = starterRows(12, 3);
      const written = handWrittenBatch(bank, 9_001, {
        headers: old.headers,
        modelVersion: (await platform.store.head()).position,
        occurredAt: new Date(Date.now() - 40 * DAY).toISOString(),
      });
      await platform.store.append('batch-9001', [written.started(12, 1), written.chunk(0, old.rows), written.completed(2, 12)]);
      const { headers, rows } = starterRows(50, 4);
      const sent = await upload(platform, bank.token, { name: 'today.csv', content: csvOf(headers, rows) });
      await settledBatch(platform, bank.token, sent.body.data.batch.id, sent.body.position);

      const data = (await dashboard(bank.token, '?period=30d')).body.data;
      const today = await platform.knex('results').where({ batch_id: sent.body.data.batch.id });
      const before = await platform.knex('results').where({ batch_id: 9_001 });
      const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
      expect(data.totalClientsProcessed).toEqual({ value: 50, previous: 12, change: Math.round(((50 - 12) / 12) * 10_000) / 100 });
      expect(data.averageCreditLimit.value).toBe(Math.round(average(today.map((row) => Number(row.credit_limit)))));
      expect(data.averageCreditLimit.previous).toBe(Math.round(average(before.map((row) => Number(row.credit_limit)))));
      expect(data.averageInterestRate.value).toBeCloseTo(average(today.map((row) => Number(row.interest_rate))), 2);
      expect(data.performanceScore.value).toBeCloseTo(average(today.map((row) => row.sum_normalised_credit_limit_weights)) * 100, 2);
      expect(data.performanceScore.approvalRate.value).toBeCloseTo(
        (today.filter((row) => Number(row.credit_limit) > 0).length / 50) * 100,
        2,
      );
      expect(data.series.points.reduce((sum: number, point: { clients: number }) => sum + point.clients, 0)).toBe(50);
      expect(data.series.points.at(-1)).toMatchObject({ start: new Date().toISOString().slice(0, 10), clients: 50 });
      // Each tenth of the score holds the results whose score falls in it (a score of 1 in the last).
      const inTenth = (tenth: number) =>
        today.filter((row) => Math.min(Math.floor(row.sum_normalised_credit_limit_weights * 10), 9) === tenth).length;
      expect(data.scoreDistribution.buckets.map((bucket: { clients: number }) => bucket.clients)).toEqual(
        Array.from({ length: 10 }, (_, tenth) => inTenth(tenth)),
      );
      expect(data.scoreDistribution.buckets.reduce((sum: number, bucket: { clients: number }) => sum + bucket.clients, 0)).toBe(50);

      const year = (await dashboard(bank.token, '?period=12m')).body.data;
      expect(year.totalClientsProcessed.value).toBe(62);
      expect(year.series.bucket).toBe('month');
      expect((await dashboard(bank.token, '?period=7d')).body.data.totalClientsProcessed.value).toBe(50);
    });
  });

  describe('When the portfolio’s performance is asked', () => {
    it('should describe every client by their latest result, and each batch over time', async () => {
      const response = await platform.request('/api/institution/performance', { headers: bearer(bank.token) });
      expect(response.status).toBe(200);
      const data = response.body.data;
      const latest = await platform
        .knex({ r: 'results' })
        .join({ c: 'clients' }, 'c.latest_result_id', 'r.id')
        .where('r.institution_id', bank.id)
        .select('r.credit_limit', 'r.interest_rate');
      expect(data.clients).toBe(latest.length);
      expect(data.clients).toBe(62);
      const sum = (rows: { clients: number }[]) => rows.reduce((total, row) => total + row.clients, 0);
      expect(sum(data.creditLimitBands)).toBe(62);
      expect(sum(data.interestRateBands)).toBe(62);
      expect(sum(data.scoreBuckets)).toBe(62);
      expect(data.creditLimitBands[0]).toEqual({ from: 0, to: 1, clients: latest.filter((row) => Number(row.credit_limit) === 0).length });
      expect(data.approvalRate).toBeCloseTo((latest.filter((row) => Number(row.credit_limit) > 0).length / 62) * 100, 2);
      expect(data.batches.map((batch: { id: number; clients: number }) => batch.clients)).toEqual([12, 50]);
      expect(data.batches[0].id).toBe(9_001);
      const other = await approvedInstitution(platform, admin, 'Empty Portfolio Bank');
      const empty = (await platform.request('/api/institution/performance', { headers: bearer(other.token) })).body.data;
      expect(empty).toMatchObject({ clients: 0, approvalRate: 0, batches: [] });
    });
  });

  describe('When someone else asks', () => {
    it('should keep each institution to its own figures, let an admin name one, and refuse a bad period', async () => {
      const other = await approvedInstitution(platform, admin, 'Other Bank');
      expect((await dashboard(other.token)).body.data.totalClientsProcessed.value).toBe(0);
      expect((await dashboard(admin, `?institutionId=${bank.id}`)).body.data.totalClientsProcessed.value).toBe(50);
      expect((await dashboard(admin)).status).toBe(404);
      expect((await dashboard(bank.token, '?period=forever')).status).toBe(400);
      expect((await platform.request('/api/institution/dashboard')).status).toBe(401);
    });
  });
});
