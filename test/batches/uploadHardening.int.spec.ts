import {
  repeatedPart,
  SHEET_HEAD,
  SHEET_PATH,
  SHEET_TAIL,
  workbookWithSheet,
} from '../../command-api/src/batches/handWrittenZip.testFixture';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, settledBatch, starterRows, upload, workbookOf } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

const MEGABYTE = 1024 * 1024;
const ROW = '<row><c t="inlineStr"><is><t>AAAAAAAAAAAAAAAA</t></is></c></row>';
const MEGABYTE_OF_ROWS = ROW.repeat(Math.floor(MEGABYTE / ROW.length));

/**
 * The most the process's resident memory reached during the call, against what it held before: sampled
 * every few milliseconds (freed pages stay resident a while, so a peak between two samples still shows),
 * and, when the call set a new lifetime peak, that peak. The lifetime peak alone would count whatever an
 * earlier test file in the same jest worker once reached.
 */
async function residentGrowth<T>(call: () => Promise<T>): Promise<{ result: T; grownBytes: number }> {
  const before = process.memoryUsage().rss;
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  let peak = before;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await call();
    peak = Math.max(peak, process.memoryUsage().rss);
    const peakAfter = process.resourceUsage().maxRSS * 1024;
    if (peakAfter > peakBefore) peak = Math.max(peak, peakAfter);
    return { result, grownBytes: peak - before };
  } finally {
    clearInterval(sample);
  }
}

describe('Upload hardening', () => {
  let platform: TestPlatform;
  let admin: string;
  let bank: TestInstitution;

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Banque Atlantique');
  });
  afterAll(async () => platform.close());

  const get = (path: string, token = bank.token) => platform.request(path, { headers: bearer(token) });

  describe('When a workbook is a ZIP bomb', () => {
    // Under 1 MB on the wire, 300 MB of sheet XML once inflated.
    const bomb = repeatedPart(SHEET_PATH, SHEET_HEAD, MEGABYTE_OF_ROWS, 300, SHEET_TAIL);

    it('should fail the batch with 422 before inflating it, and stay within 200 MB of memory', async () => {
      const content = workbookWithSheet(bomb);
      expect(content.length).toBeLessThan(10 * MEGABYTE);
      expect(bomb.expandedSize).toBeGreaterThan(100 * MEGABYTE);
      const { result: response, grownBytes } = await residentGrowth(() => upload(platform, bank.token, { name: 'bomb.xlsx', content }));
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({
        success: false,
        message: 'The workbook expands to more than 100 MB of data; split it into smaller files',
      });
      expect(grownBytes).toBeLessThan(200 * MEGABYTE);
      const batch = await settledBatch(platform, bank.token, response.body.data.batch.id, response.body.position);
      expect(batch).toMatchObject({ status: 'failed', failureReason: response.body.message });
      expect((await platform.request('/api/health')).status).toBe(200);
    });

    it('should refuse it too when its directory claims the sheet is small', async () => {
      const content = workbookWithSheet({ ...bomb, declaredSize: 64 * 1024 });
      const { result: response, grownBytes } = await residentGrowth(() => upload(platform, bank.token, { name: 'liar.xlsx', content }));
      expect(response.status).toBe(422);
      expect(response.body.message).toBe(
        'The Excel workbook could not be read: the part xl/worksheets/sheet1.xml expands to more than its declared size or is damaged',
      );
      expect(grownBytes).toBeLessThan(200 * MEGABYTE);
    });
  });

  describe('When workbook cells and headers hold NUL characters', () => {
    it('should strip them, score the batch and store names without them', async () => {
      const { headers, rows } = starterRows(5, 13);
      const name = headers.indexOf('name');
      rows[0][name] = 'Awa\u0000 Diop';
      rows[1][name] = '\u0000';
      const poisonedHeaders = headers.map((header, index) => (index === name ? 'na\u0000me' : header));
      const response = await upload(platform, bank.token, { name: 'nul.xlsx', content: workbookOf(poisonedHeaders, rows, 'xlsx') });
      expect(response.status).toBe(201);
      const batch = await settledBatch(platform, bank.token, response.body.data.batch.id, response.body.position);
      expect(batch).toMatchObject({ status: 'completed', processed_records: 5 });
      const results = await get(`/api/result/batch/${response.body.data.batch.id}?limit=10`);
      const names = results.body.data.results.map((result: { client: { name: string } }) => result.client.name);
      expect(names).toContain('Awa Diop');
      expect(names.some((stored: string) => stored.includes('\u0000'))).toBe(false);
    });
  });

  describe('When a query or path is out of range', () => {
    it.each([
      ['minAmount=1e300', 'minAmount must be a number between -1,000,000,000,000,000 and 1,000,000,000,000,000'],
      ['maxAmount=-1e300', 'maxAmount must be a number between -1,000,000,000,000,000 and 1,000,000,000,000,000'],
      ['dateFrom=275760-09-13', 'dateFrom must be a date (YYYY-MM-DD) from year 1900 to 9999'],
      ['dateTo=%2B275760-09-13', 'dateTo must be a date (YYYY-MM-DD) from year 1900 to 9999'],
      ['dateFrom=0001-01-01', 'dateFrom must be a date (YYYY-MM-DD) from year 1900 to 9999'],
      ['page=1e300', 'page must be a whole number from 1'],
    ])('should answer 400 to results?%s', async (query, message) => {
      for (const path of [`/api/result/institution/${bank.id}?${query}`, `/api/result/getAllResults?${query}`]) {
        const response = await get(path);
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(message);
      }
    });

    it('should still list results filtered to the last possible day', async () => {
      const { headers, rows } = starterRows(2, 17);
      const uploaded = await upload(platform, bank.token, { name: 'two.csv', content: csvOf(headers, rows) });
      await settledBatch(platform, bank.token, uploaded.body.data.batch.id, uploaded.body.position);
      const response = await get(`/api/result/institution/${bank.id}?dateFrom=1900-01-01&dateTo=9999-12-31&minAmount=-1e15&maxAmount=1e15`);
      expect(response.status).toBe(200);
      expect(response.body.data.results.length).toBeGreaterThan(0);
    });

    it.each(['dateFrom=275760-09-13', 'dateTo=275760-09-13', 'dateFrom=1899-12-31'])('should answer 400 to audit?%s', async (query) => {
      const byAdmin = await get(`/api/admin/audit?${query}`, admin);
      expect(byAdmin.status).toBe(400);
      expect(byAdmin.body.message).toMatch(/must be a date \(YYYY-MM-DD\) or an ISO date-time, from year 1900 to 9999$/);
      expect((await get(`/api/institution/audit?${query}`)).status).toBe(400);
    });

    it.each([
      '/api/csv/batch/2147483648',
      '/api/csv/batch/9007199254740991/errors',
      '/api/result/batch/2147483648',
      '/api/result/client/2147483648/latest',
      '/api/result/compare?uploadBatchId=2147483648',
    ])('should answer 404 to %s', async (path) => {
      expect((await get(path)).status).toBe(404);
    });

    it('should answer 404 to a command on an id past the integer range', async () => {
      const response = await platform.request('/api/institution/updateParameterValue/2147483648', {
        method: 'PUT',
        json: { value: 1 },
        headers: bearer(bank.token),
      });
      expect(response.status).toBe(404);
    });
  });
});
