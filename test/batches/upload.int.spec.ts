import Papa from 'papaparse';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, rebuildScoring, resultsChecksum, settledBatch, starterRows, upload, workbookOf } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

describe('Batch upload and results', () => {
  let platform: TestPlatform;
  let admin: string;
  let bank: TestInstitution;
  let other: TestInstitution;
  let csvBatch: { id: number; position: number };

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Banque Atlantique');
    other = await approvedInstitution(platform, admin, 'Other Bank');
  });
  afterAll(async () => platform.close());

  const get = (path: string, token: string, position?: number) =>
    platform.request(path, { headers: { ...bearer(token), ...(position ? { 'X-Min-Position': String(position) } : {}) } });

  describe('When an institution uploads a CSV file of good records', () => {
    it('should score every record and complete the batch', async () => {
      const { headers, rows } = starterRows(50);
      const response = await upload(
        platform,
        bank.token,
        { name: 'clients.csv', content: csvOf(headers, rows) },
        { batchName: 'November intake' },
      );
      expect(response.status).toBe(201);
      expect(response.body.data.processing).toEqual({ totalRecords: 50, acceptedRecords: 50, failedRecords: 0 });
      csvBatch = { id: response.body.data.batch.id, position: response.body.position };
      const batch = await settledBatch(platform, bank.token, csvBatch.id, csvBatch.position);
      expect(batch).toMatchObject({
        status: 'completed',
        total_records: 50,
        processed_records: 50,
        failed_records: 0,
        name: 'November intake',
      });
      const results = await get(`/api/result/batch/${csvBatch.id}?limit=50`, bank.token);
      expect(results.body.data.results).toHaveLength(50);
      expect(results.body.data.batchSummary.totalClients).toBe(50);
      for (const result of results.body.data.results) {
        expect(Number.isInteger(result.credit_limit)).toBe(true);
        expect(result.credit_limit === 0 || (result.credit_limit >= 50_000 && result.credit_limit <= 5_000_000)).toBe(true);
        expect(result.interest_rate).toBeGreaterThanOrEqual(8);
        expect(result.interest_rate).toBeLessThanOrEqual(24);
      }
    });
  });

  describe('When Excel workbooks are uploaded', () => {
    it.each([
      ['clients.xlsx', 'xlsx'],
      ['clients.xls', 'biff8'],
    ] as const)('should read %s and score its records', async (name, bookType) => {
      const { headers, rows } = starterRows(20, 11);
      const response = await upload(platform, bank.token, { name, content: workbookOf(headers, rows, bookType) });
      expect(response.status).toBe(201);
      const batch = await settledBatch(platform, bank.token, response.body.data.batch.id, response.body.position);
      expect(batch).toMatchObject({ status: 'completed', processed_records: 20 });
    });
  });

  describe('When the file has an accented name', () => {
    it('should keep the name as the browser wrote it (UTF-8), not read as Latin-1', async () => {
      // Its own institution: the listing tests below count the bank's results.
      const lender = await approvedInstitution(platform, admin, 'Microcrédits du Littoral');
      const { headers, rows } = starterRows(3, 7);
      const response = await upload(platform, lender.token, { name: 'Microcrédits Douala – été.csv', content: csvOf(headers, rows) });
      expect(response.status).toBe(201);
      const batch = await settledBatch(platform, lender.token, response.body.data.batch.id, response.body.position);
      expect(batch).toMatchObject({ status: 'completed', filename: 'Microcrédits Douala – été.csv' });
    });
  });

  describe('When a file is too large, of the wrong type, or unreadable', () => {
    it('should answer 413 past 10 MB and 415 for another type, storing no batch', async () => {
      const before = (await platform.store.head()).position;
      const big = await upload(platform, bank.token, { name: 'big.csv', content: Buffer.alloc(10 * 1024 * 1024 + 10, 'a') });
      expect(big).toMatchObject({ status: 413, body: { success: false, message: 'The file is larger than the 10 MB limit' } });
      const text = await upload(platform, bank.token, { name: 'clients.txt', content: 'name,reference_number\n' });
      expect(text).toMatchObject({ status: 415, body: { success: false, message: 'Only .csv, .xlsx and .xls files are accepted' } });
      expect((await platform.store.head()).position).toBe(before);
    });

    it('should fail a corrupt workbook with the reason and keep serving', async () => {
      const response = await upload(platform, bank.token, {
        name: 'broken.xlsx',
        content: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2000, 7)]),
      });
      expect(response.status).toBe(422);
      expect(response.body.success).toBe(false);
      expect(response.body.message).toMatch(/could not be read|not a valid Excel/);
      const batch = await settledBatch(platform, bank.token, response.body.data.batch.id, response.body.position);
      expect(batch.status).toBe('failed');
      expect(batch.failureReason).toBe(response.body.message);
      expect((await platform.request('/api/health')).status).toBe(200);
    });
  });

  describe('When a file mixes good and bad records', () => {
    it('should score the good ones and list the bad ones in the error report', async () => {
      const { headers, rows } = starterRows(10, 3);
      const income = headers.indexOf('Monthly income');
      expect(income).toBeGreaterThan(0);
      rows[2][income] = 'lots';
      rows[5][headers.indexOf('reference_number')] = '';
      rows[7][headers.indexOf('reference_number')] = rows[0][headers.indexOf('reference_number')];
      const response = await upload(platform, bank.token, { name: 'mixed.csv', content: csvOf(headers, rows) });
      expect(response.status).toBe(201);
      expect(response.body.data.processing).toEqual({ totalRecords: 10, acceptedRecords: 7, failedRecords: 3 });
      const batchId = response.body.data.batch.id;
      const batch = await settledBatch(platform, bank.token, batchId, response.body.position);
      expect(batch).toMatchObject({ status: 'completed_with_errors', processed_records: 7, failed_records: 3 });
      const errors = await get(`/api/csv/batch/${batchId}/errors`, bank.token);
      expect(errors.body.data.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ row: 4, column: 'Monthly income' }),
          { row: 7, column: 'reference_number', reason: 'reference_number is required' },
          expect.objectContaining({ row: 9, column: 'reference_number', reason: expect.stringContaining('duplicate') }),
        ]),
      );
    });
  });

  describe('When an admin uploads on behalf of an institution', () => {
    it('should accept it for an active institution and refuse unknown or pending ones', async () => {
      const { headers, rows } = starterRows(3, 31);
      const file = { name: 'admin.csv', content: csvOf(headers, rows) };
      const third = await approvedInstitution(platform, admin, 'Third Bank');
      const ok = await upload(platform, admin, file, { batchName: 'By admin', institutionId: String(third.id) });
      expect(ok.status).toBe(201);
      const missing = await upload(platform, admin, file, { batchName: 'By admin', institutionId: '999999' });
      expect(missing).toMatchObject({ status: 404, body: { success: false, message: 'Institution not found' } });
      const pending = await platform.request('/api/institution/create', {
        method: 'POST',
        json: { name: 'Pending Upload Bank', email: 'pending-upload@bank.test', password: 'Pending-pass1' },
      });
      const refused = await upload(platform, admin, file, { batchName: 'By admin', institutionId: String(pending.body.data.id) });
      expect(refused.status).toBe(409);
      const noId = await upload(platform, admin, file, { batchName: 'By admin' });
      expect(noId).toMatchObject({ status: 400, body: { message: 'Institution ID is required' } });
    });
  });

  describe('When another institution asks', () => {
    it('should never see the batch, its errors, results, clients or export', async () => {
      const paths = [
        `/api/csv/batch/${csvBatch.id}`,
        `/api/csv/batch/${csvBatch.id}/errors`,
        `/api/result/batch/${csvBatch.id}`,
        `/api/result/export?uploadBatchId=${csvBatch.id}&format=csv`,
        `/api/result/compare?uploadBatchId=${csvBatch.id}`,
      ];
      for (const path of paths) {
        const response = await get(path, other.token);
        expect([403, 404]).toContain(response.status);
        expect(JSON.stringify(response.body)).not.toContain('November intake');
      }
      expect((await get(`/api/csv/upload/batches/${bank.id}`, other.token)).status).toBe(403);
      expect((await get(`/api/result/institution/${bank.id}`, other.token)).status).toBe(403);
      const own = await get('/api/result/getAllResults?limit=1000', other.token);
      expect(own.body.data.results).toEqual([]);
      const ownBatches = await get('/api/csv/batches', other.token);
      expect(ownBatches.body.data.batches).toEqual([]);
      const bankResults = await get(`/api/result/batch/${csvBatch.id}?limit=1`, bank.token);
      const clientId = bankResults.body.data.results[0].client.id;
      for (const view of ['latest', 'history', 'detailed'])
        expect((await get(`/api/result/client/${clientId}/${view}`, other.token)).status).toBe(404);
    });
  });

  describe('When listing results', () => {
    it('should sort, filter and page', async () => {
      const page1 = await get(`/api/result/institution/${bank.id}?sortBy=credit_limit&sortOrder=asc&limit=10&page=1`, bank.token);
      const page2 = await get(`/api/result/institution/${bank.id}?sortBy=credit_limit&sortOrder=asc&limit=10&page=2`, bank.token);
      const limits = [...page1.body.data.results, ...page2.body.data.results].map(
        (result: { credit_limit: number }) => result.credit_limit,
      );
      expect(limits).toEqual([...limits].sort((a, b) => a - b));
      expect(page1.body.data.pagination).toMatchObject({ page: 1, limit: 10, total: 97, totalPages: 10 });
      const rich = await get(`/api/result/institution/${bank.id}?minAmount=1000000&limit=1000`, bank.token);
      expect(rich.body.data.results.every((result: { credit_limit: number }) => result.credit_limit >= 1_000_000)).toBe(true);
      const someone = page1.body.data.results[0].client;
      const found = await get(`/api/result/institution/${bank.id}?search=${encodeURIComponent(someone.reference_number)}`, bank.token);
      expect(found.body.data.results.map((result: { client: { id: number } }) => result.client.id)).toContain(someone.id);
      // Name, reference and email in any case, a part of each; the batch's name; a LIKE wildcard is a plain character.
      const idsFor = async (search: string) =>
        (await get(`/api/result/institution/${bank.id}?limit=1000&search=${encodeURIComponent(search)}`, bank.token)).body.data.results.map(
          (result: { client: { id: number } }) => result.client.id,
        );
      for (const part of [
        someone.name.toUpperCase(),
        someone.reference_number.toLowerCase().slice(1),
        someone.email.slice(2).toUpperCase(),
      ])
        expect(await idsFor(part)).toContain(someone.id);
      const batchName = page1.body.data.results[0].uploadBatch.name as string;
      expect((await idsFor(batchName.toLowerCase())).length).toBeGreaterThan(1);
      expect(await idsFor('%')).toEqual([]);
      expect(await idsFor('no client is called this')).toEqual([]);
      const bad = await get(`/api/result/institution/${bank.id}?sortBy=password`, bank.token);
      expect(bad.status).toBe(400);
    });

    it('should explain a client result with reason codes and masked cells', async () => {
      const list = await get(`/api/result/batch/${csvBatch.id}?sortBy=credit_limit&sortOrder=asc&limit=1`, bank.token);
      const client = list.body.data.results[0].client;
      const detailed = await get(`/api/result/client/${client.id}/detailed`, bank.token);
      expect(detailed.status).toBe(200);
      expect(detailed.body.data.result.client.id).toBe(client.id);
      const explanation = detailed.body.data.explanation;
      expect(explanation.reasons.length).toBeGreaterThan(0);
      expect(explanation.reasons.length).toBeLessThanOrEqual(4);
      const variables = explanation.categories.flatMap((category: { variables: { rawValue: string }[] }) => category.variables);
      expect(variables.some((variable: { rawValue: string }) => variable.rawValue === '••••')).toBe(true);
    });
  });

  describe('When exporting', () => {
    it('should stream CSV with neutralised formulas and masked variables', async () => {
      const { headers, rows } = starterRows(3, 21);
      rows[0][headers.indexOf('name')] = '=HYPERLINK("http://evil.test","x")';
      const uploaded = await upload(platform, bank.token, { name: 'inject.csv', content: csvOf(headers, rows) });
      await settledBatch(platform, bank.token, uploaded.body.data.batch.id, uploaded.body.position);
      const response = await get(`/api/result/export?uploadBatchId=${uploaded.body.data.batch.id}&format=csv`, bank.token);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/csv');
      const text = response.body as string;
      const lines = text.trim().split('\r\n');
      expect(lines).toHaveLength(4);
      expect(lines[0]).toContain('credit_limit_xaf');
      expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
      expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
      expect(text).toContain('••••');
    });
  });

  describe('When exporting a batch of many chunks', () => {
    it('should give every record its own variable cells, in file order', async () => {
      // About 12 000 records are a few dozen chunks of the log: the export reads them a window at a time, ahead of the lines.
      const { headers, rows } = starterRows(12_000, 31);
      const uploaded = await upload(
        platform,
        other.token,
        { name: 'many.csv', content: csvOf(headers, rows) },
        { batchName: 'Many chunks' },
      );
      expect(uploaded.status).toBe(201);
      await settledBatch(platform, other.token, uploaded.body.data.batch.id, uploaded.body.position);
      const text = (await get(`/api/result/export?uploadBatchId=${uploaded.body.data.batch.id}&format=csv`, other.token)).body as string;
      const [exported, ...records] = Papa.parse<string[]>(text.replace(/^\uFEFF/, '').trim(), { newline: '\r\n' }).data;
      expect(records).toHaveLength(rows.length);
      const reference = headers.indexOf('reference_number');
      const purpose = headers.indexOf('Loan purpose');
      // Neither an identity column nor a masked one: exported as uploaded.
      expect(purpose).toBeGreaterThanOrEqual(0);
      const column = exported.indexOf('Loan purpose');
      records.forEach((cells, index) => {
        expect(cells[0]).toBe(rows[index][reference]);
        expect(cells[column]).toBe(rows[index][purpose]);
      });
      // Each line's time is its result's, as the API gives it (ISO, UTC, milliseconds).
      const listed = await get(`/api/result/batch/${uploaded.body.data.batch.id}?limit=1000&sortBy=createdAt&sortOrder=asc`, other.token);
      const times = new Map(
        listed.body.data.results.map((result: { client: { reference_number: string }; createdAt: string }) => [
          result.client.reference_number,
          result.createdAt,
        ]),
      );
      const created = exported.indexOf('createdAt');
      expect(times.size).toBe(1000);
      for (const cells of records) if (times.has(cells[0])) expect(cells[created]).toBe(times.get(cells[0]));

      // Compared under today's model, the walk reads the batch a few thousand results at a time: every client once, in file order.
      const compared = await platform.request(`/api/result/compare?uploadBatchId=${uploaded.body.data.batch.id}&format=csv`, {
        headers: bearer(other.token),
      });
      expect(compared.status).toBe(200);
      const [, ...comparedRows] = Papa.parse<string[]>(
        String(compared.body)
          .replace(/^\uFEFF/, '')
          .trim(),
        { newline: '\r\n' },
      ).data;
      expect(comparedRows.map((cells) => cells[0])).toEqual(rows.map((row) => row[reference]));
    }, 120_000);
  });

  describe('When comparing a batch under today’s model', () => {
    /** The bank's maximum interest rate set to 30 % (a change of its parameters, so a compare re-scores the batch). */
    const raiseMaximumInterestRate = async () => {
      const values = await get(`/api/institution/getParameters/${bank.id}`, bank.token);
      const maxRate = values.body.data.find((value: { uniqueCode: number }) => value.uniqueCode === 1004);
      const set = await platform.request(`/api/institution/setParameters/${bank.id}`, {
        method: 'POST',
        headers: bearer(bank.token),
        json: { parameters: [{ parameterId: maxRate.parameterId, value: 30 }] },
      });
      expect(set.status).toBe(200);
      return set;
    };

    it('should report per client old and new terms and the totals', async () => {
      const response = await get(`/api/result/compare?uploadBatchId=${csvBatch.id}`, bank.token);
      expect(response.status).toBe(200);
      expect(response.body.data.clients).toHaveLength(50);
      expect(response.body.data.totals.clients).toBe(50);
      expect(response.body.data.clients[0]).toEqual(expect.objectContaining({ old: expect.any(Object), new: expect.any(Object) }));
      expect(response.body.data.totals.oldTotalCreditLimit).toBe(
        response.body.data.clients.reduce((sum: number, client: { old: { creditLimit: number } }) => sum + client.old.creditLimit, 0),
      );
    });

    it('should page the clients with the whole batch’s totals on every page', async () => {
      const whole = await get(`/api/result/compare?uploadBatchId=${csvBatch.id}&limit=1000`, bank.token);
      const second = await get(`/api/result/compare?uploadBatchId=${csvBatch.id}&page=2&limit=20`, bank.token);
      expect(second.status).toBe(200);
      expect(second.body.data.pagination).toEqual({ total: 50, page: 2, limit: 20, totalPages: 3 });
      expect(second.body.data.totals).toEqual(whole.body.data.totals);
      expect(second.body.data.clients).toEqual(whole.body.data.clients.slice(20, 40));
      const past = await get(`/api/result/compare?uploadBatchId=${csvBatch.id}&page=9&limit=20`, bank.token);
      expect(past.body.data).toMatchObject({ clients: [], totals: { clients: 50 } });
      expect((await get(`/api/result/compare?uploadBatchId=${csvBatch.id}&limit=5000`, bank.token)).status).toBe(400);
    });

    it('should stream every client as CSV, recorded as an export', async () => {
      const exportsOf = async (institution: TestInstitution) =>
        (await platform.store.readStream(`exports-institution-${institution.id}`)).filter((event) => event.type === 'ResultsExported');
      const exportedBefore = await exportsOf(bank);
      const otherBefore = await exportsOf(other);
      const whole = await get(`/api/result/compare?uploadBatchId=${csvBatch.id}&limit=1000`, bank.token);
      const response = await platform.request(`/api/result/compare?uploadBatchId=${csvBatch.id}&format=csv`, {
        headers: bearer(bank.token),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/csv');
      const lines = String(response.body)
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'reference_number,name,old_credit_limit_xaf,new_credit_limit_xaf,credit_limit_change_xaf,old_interest_rate_percent,new_interest_rate_percent,interest_rate_change_percent,changed,not_scorable_reason',
      );
      expect(lines).toHaveLength(51);
      const first = whole.body.data.clients[0];
      expect(lines[1]).toContain(`,${first.old.creditLimit},${first.new.creditLimit},${first.creditLimitChange},`);
      expect((await get(`/api/result/compare?uploadBatchId=${csvBatch.id}&format=csv`, other.token)).status).toBe(404);

      // The export is a fact in the log: one event, naming who took what, and nothing for the refused one.
      const exported = await exportsOf(bank);
      expect(exported).toHaveLength(exportedBefore.length + 1);
      const [event] = exported.slice(-1);
      expect(event.data).toEqual({ institutionId: bank.id, batchId: csvBatch.id, rows: 50, format: 'comparison_csv' });
      expect(event.metadata).toMatchObject({
        institutionId: bank.id,
        actor: { id: String(bank.id), role: 'institution', name: bank.name },
      });
      expect(await exportsOf(other)).toHaveLength(otherBefore.length);
      // And the audit log shows it to the administrators, as an export of this batch by this institution.
      const audit = await platform.request(`/api/admin/audit?action=export&institutionId=${bank.id}&limit=100`, {
        headers: { ...bearer(admin), 'X-Min-Position': String(event.position) },
      });
      expect(audit.status).toBe(200);
      const entries = audit.body.data.logs.filter((entry: { eventType: string; description: string }) =>
        entry.description.startsWith(`Exported 50 results of batch ${csvBatch.id}`),
      );
      expect(entries).toEqual([
        expect.objectContaining({
          eventType: 'ResultsExported',
          action: 'export',
          actor: expect.objectContaining({ id: String(bank.id) }),
        }),
      ]);
    });

    it('should run at most a few comparisons at once for one institution and ask the rest to come back', async () => {
      // The two comparisons let in are held mid-way (the one walk of the batch they share waits on a lock
      // this test holds), so three more wait their turn and the other thirty-five are refused, however fast the machine.
      const RUNNING = 2;
      const WAITING = 3;
      const SENT = 40;
      // Compared under parameters changed since the batch was scored: unchanged, its own figures would answer without a walk.
      await raiseMaximumInterestRate();
      const lockWaiters = async () =>
        Number(
          (
            await platform.knex.raw(
              `SELECT count(*) AS waiting FROM pg_locks
                WHERE relation = 'results'::regclass AND NOT granted
                  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
            )
          ).rows[0].waiting,
        );
      const held = await platform.knex.transaction();
      try {
        await held.raw('LOCK TABLE results IN ACCESS EXCLUSIVE MODE');
        const answered: { status: number; body: any; headers: Headers }[] = [];
        const answers = Array.from({ length: SENT }, () =>
          platform.request(`/api/result/compare?uploadBatchId=${csvBatch.id}`, { headers: bearer(bank.token) }).then((answer) => {
            answered.push(answer);
            return answer;
          }),
        );
        const deadline = Date.now() + 30_000;
        while ((answered.length < SENT - RUNNING - WAITING || (await lockWaiters()) < 1) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // While the lock is held: the two let in share one walk of the batch (one read waits on the lock,
        // the other waits for its totals), and every answer so far is a refusal.
        expect(await lockWaiters()).toBe(1);
        expect(answered.map((answer) => answer.status)).toEqual(Array(SENT - RUNNING - WAITING).fill(429));
        for (const refused of answered) {
          expect(refused.headers.get('retry-after')).toBe('5');
          expect(refused.body.message).toBe(
            'Too many comparisons or exports are running for this institution. Please try again in a few seconds.',
          );
        }
        // Another institution is not held back by this one's queue (its results list reads no locked table).
        expect((await get(`/api/institution/profile/me`, other.token)).status).toBe(200);
        await held.commit();
        const statuses = (await Promise.all(answers)).map((answer) => answer.status);
        expect(statuses.filter((status) => status === 200)).toHaveLength(RUNNING + WAITING);
        expect(statuses.filter((status) => status === 429)).toHaveLength(SENT - RUNNING - WAITING);
      } finally {
        if (!held.isCompleted()) await held.rollback();
      }
      expect((await get(`/api/result/getAllResults`, other.token)).status).toBe(200);
      expect((await get(`/api/result/compare?uploadBatchId=${csvBatch.id}`, bank.token)).status).toBe(200);
      // Its totals known, a page re-scores only its own rows and takes no heavy place: many at once all answer.
      const pages = await Promise.all(
        Array.from({ length: SENT }, (_, index) =>
          get(`/api/result/compare?uploadBatchId=${csvBatch.id}&page=${(index % 3) + 1}&limit=2`, bank.token),
        ),
      );
      expect(pages.map((answer) => answer.status)).toEqual(Array(SENT).fill(200));
      expect(new Set(pages.map((answer) => answer.body.data.totals.clients)).size).toBe(1);
    });

    it('should report the changes after the institution raises its maximum interest rate, leaving stored results as they were', async () => {
      const set = await raiseMaximumInterestRate();
      const response = await get(`/api/result/compare?uploadBatchId=${csvBatch.id}`, bank.token, set.body.position);
      const { totals, clients } = response.body.data;
      expect(totals.changed).toBeGreaterThan(0);
      expect(totals.newAvgInterestRate).toBeGreaterThan(totals.oldAvgInterestRate);
      expect(totals.newTotalCreditLimit).toBe(totals.oldTotalCreditLimit);
      for (const client of clients) expect(client.new.interestRate).toBeGreaterThanOrEqual(client.old.interestRate);
      const stored = await get(`/api/result/batch/${csvBatch.id}?limit=50`, bank.token);
      const byClient = new Map(
        clients.map((client: { clientId: number; old: { interestRate: number } }) => [client.clientId, client.old.interestRate]),
      );
      for (const result of stored.body.data.results) expect(result.interest_rate).toBe(byClient.get(result.client.id));
    });
  });

  describe('When a large batch completes', () => {
    it('should refresh the planner’s statistics of results and clients, so the results screens plan on the new rows', async () => {
      const { headers, rows } = starterRows(10_000, 61);
      const sent = await upload(platform, bank.token, { name: 'large.csv', content: csvOf(headers, rows) });
      expect(sent.status).toBe(201);
      expect(await settledBatch(platform, bank.token, sent.body.data.batch.id, sent.body.position)).toMatchObject({ status: 'completed' });
      const { rows: tables } = await platform.knex.raw(
        `SELECT relname, reltuples FROM pg_class WHERE relname IN ('results', 'clients') AND relkind = 'r' AND pg_table_is_visible(oid) ORDER BY relname`,
      );
      expect(tables).toHaveLength(2);
      for (const table of tables) expect(Number(table.reltuples)).toBeGreaterThanOrEqual(10_000);
    });
  });

  describe('When the scoring projection is rebuilt from the log', () => {
    it('should reproduce every result row exactly', async () => {
      const before = await resultsChecksum(platform);
      expect(before.count).toBeGreaterThan(90);
      await rebuildScoring(platform);
      expect(await resultsChecksum(platform)).toEqual(before);
    });
  });
});
