import Papa from 'papaparse';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

const ROWS = 60;
const NAMED = [3, 8, 15, 22, 31, 40, 47, 58]; // rows whose client is a Zorobabel

describe('Exporting what the results screen shows', () => {
  let platform: TestPlatform;
  let bank: TestInstitution;
  let batchId: number;

  beforeAll(async () => {
    platform = await startTestPlatform();
    bank = await approvedInstitution(platform, await signInAsAdmin(platform), 'Banque des Exports');
    const { headers, rows } = starterRows(ROWS, 5);
    const name = headers.indexOf('name');
    NAMED.forEach((row, index) => (rows[row][name] = `Zorobabel ${index}`));
    const uploaded = await upload(
      platform,
      bank.token,
      { name: 'export.csv', content: csvOf(headers, rows) },
      { batchName: 'Export check' },
    );
    batchId = uploaded.body.data.batch.id;
    await settledBatch(platform, bank.token, batchId, uploaded.body.position);
  });
  afterAll(async () => platform.close());

  const get = (path: string) => platform.request(path, { headers: bearer(bank.token) });
  const exported = async (query: string) => {
    const response = await get(`/api/result/export?${query}`);
    expect(response.status).toBe(200);
    const [headers, ...records] = Papa.parse<string[]>((response.body as string).replace(/^\uFEFF/, '').trim(), { newline: '\r\n' }).data;
    return { headers, records };
  };

  describe('When a search shows some rows, sorted', () => {
    it('should export exactly those rows, in the order shown, with rounded weights', async () => {
      const shown = 'search=zorobabel&sortBy=credit_limit&sortOrder=asc';
      const listed = await get(`/api/result/getAllResults?${shown}&limit=50`);
      const references = listed.body.data.results.map((result: { client: { reference_number: string } }) => result.client.reference_number);
      expect(references).toHaveLength(NAMED.length);
      const { headers, records } = await exported(`${shown}&format=csv`);
      expect(records.map((cells) => cells[0])).toEqual(references);
      const weight = headers.indexOf('sum_normalised_credit_limit_weights');
      for (const cells of records) expect(cells[weight]).toMatch(/^-?\d+(\.\d{1,3})?$/);
      const limit = headers.indexOf('credit_limit_xaf');
      for (const cells of records) expect(cells[limit]).toMatch(/^\d+$/);
    });

    it('should do the same within a batch, with its records’ variables', async () => {
      const shown = 'search=zorobabel&sortBy=interest_rate&sortOrder=desc';
      const listed = await get(`/api/result/batch/${batchId}?${shown}&limit=50`);
      const references = listed.body.data.results.map((result: { client: { reference_number: string } }) => result.client.reference_number);
      const { headers, records } = await exported(`uploadBatchId=${batchId}&${shown}&format=csv`);
      expect(records.map((cells) => cells[0])).toEqual(references);
      const purpose = headers.indexOf('Loan purpose');
      expect(purpose).toBeGreaterThan(0);
      for (const cells of records) expect(cells[purpose]).not.toBe('');
    });

    it('should export every result when nothing narrows the list', async () => {
      expect((await exported('format=csv')).records).toHaveLength(ROWS);
      expect((await exported('minAmount=999999999&format=csv')).records).toHaveLength(0);
    });
  });
});
