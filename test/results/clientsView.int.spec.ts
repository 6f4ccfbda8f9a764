import Papa from 'papaparse';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, handWrittenBatch, settledBatch, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { pageRows, resultCountsQuery } from '../../query-api/src/results/resultRows';

type Listed = { id: number; modelVersion: number; resultCount?: number; client: { id: number; reference_number: string } };

describe('All Clients: each client once, with how many results it has', () => {
  let platform: TestPlatform;
  let bank: TestInstitution;
  let other: TestInstitution;
  let adminToken: string;
  const batchIds: Record<string, number> = {};
  const { headers, rows } = starterRows(5, 23);
  const reference = headers.indexOf('reference_number');
  rows.forEach((row, index) => (row[reference] = `CNT${index + 1}`));

  const uploaded = async (who: TestInstitution, name: string, picked: string[][]) => {
    const response = await upload(platform, who.token, { name: `${name}.csv`, content: csvOf(headers, picked) }, { batchName: name });
    expect(response.status).toBe(201);
    batchIds[name] = response.body.data.batch.id;
    await settledBatch(platform, who.token, response.body.data.batch.id, response.body.position);
  };
  const get = (who: TestInstitution, path: string) => platform.request(`/api${path}`, { headers: bearer(who.token) });
  const counts = (results: Listed[]) => Object.fromEntries(results.map((result) => [result.client.reference_number, result.resultCount]));

  beforeAll(async () => {
    platform = await startTestPlatform();
    const admin = await signInAsAdmin(platform);
    adminToken = admin;
    bank = await approvedInstitution(platform, admin, 'Banque des Comptes');
    other = await approvedInstitution(platform, admin, 'Autre Banque');
    // CNT2 and CNT3 are in both of the bank's batches; the other institution scores the same references too.
    await uploaded(bank, 'first', rows.slice(0, 3));
    await uploaded(bank, 'second', rows.slice(1, 5));
    await uploaded(other, 'elsewhere', rows.slice(0, 4));
  });
  afterAll(async () => platform.close());

  it('should count 2 for the clients of both batches and 1 for the others, never another institution’s results', async () => {
    const response = await get(bank, '/result/getAllResults?view=clients&limit=50');
    expect(response.status).toBe(200);
    expect(counts(response.body.data.results)).toEqual({ CNT1: 1, CNT2: 2, CNT3: 2, CNT4: 1, CNT5: 1 });
    const theirs = await get(other, '/result/getAllResults?view=clients&limit=50');
    expect(counts(theirs.body.data.results)).toEqual({ CNT1: 1, CNT2: 1, CNT3: 1, CNT4: 1 });
    // The count is the client's history, as its details page lists it.
    const shared = (response.body.data.results as Listed[]).find((result) => result.client.reference_number === 'CNT2')!;
    const history = await get(bank, `/result/client/${shared.client.id}/history`);
    expect(history.body.data).toHaveLength(2);
  });

  it("should name each result's institution in an administrator's listing, and in no institution's", async () => {
    for (const view of ['batches', 'clients']) {
      const listed = await platform.request(`/api/result/getAllResults?view=${view}&limit=50`, { headers: bearer(adminToken) });
      expect(listed.status).toBe(200);
      const named = (listed.body.data.results as (Listed & { institutionId: number; institution: { id: number; name: string } })[]).map(
        (result) => [result.institutionId, result.institution.id, result.institution.name],
      );
      const expected = (who: TestInstitution, name: string) => [who.id, who.id, name];
      expect(new Set(named.map((row) => JSON.stringify(row)))).toEqual(
        new Set([JSON.stringify(expected(bank, 'Banque des Comptes')), JSON.stringify(expected(other, 'Autre Banque'))]),
      );
      const own = await get(bank, `/result/getAllResults?view=${view}&limit=50`);
      for (const result of own.body.data.results) expect(result).not.toHaveProperty('institution');
    }
  });

  it('should count on every page and after a search, and only in the clients view', async () => {
    const page = await get(bank, '/result/getAllResults?view=clients&limit=2&page=2&sortBy=createdAt&sortOrder=asc');
    expect(page.body.data.results).toHaveLength(2);
    for (const result of page.body.data.results as Listed[]) expect(result.resultCount).toBeGreaterThanOrEqual(1);
    const searched = await get(bank, '/result/getAllResults?view=clients&search=CNT3');
    expect(counts(searched.body.data.results)).toEqual({ CNT3: 2 });
    const batches = await get(bank, '/result/getAllResults?limit=50');
    expect(batches.body.data.results).toHaveLength(7);
    for (const result of batches.body.data.results as Listed[]) expect(result.resultCount).toBeUndefined();
  });

  it('should give the totals counting the rows gives, in each view, scope, date range and search', async () => {
    // A batch still being scored (one chunk of two written, CNT2, CNT3 and a new CNT9): its results
    // are neither listed nor counted, a search's count included.
    const scoring = handWrittenBatch(bank, 9301, { headers, modelVersion: (await platform.store.head()).position, name: 'Still scoring' });
    const unfinished = [rows[1], rows[2], [...rows[0]]];
    unfinished[2][reference] = 'CNT9';
    const { position } = await platform.store.append('batch-9301', [scoring.started(6, 2), scoring.chunk(0, unfinished)]);
    expect(await settledBatch(platform, bank.token, 9301, position)).toMatchObject({ status: 'processing' });
    expect(await platform.knex('results').where({ batch_id: 9301 }).pluck('id')).toHaveLength(3);
    // Nor counted in its clients' results, whichever way the page is read (by each batch's walk, sorted, searched).
    for (const shown of ['', '&sortBy=credit_limit', '&sortBy=interest_rate&sortOrder=asc', '&search=CNT']) {
      const listed = await get(bank, `/result/getAllResults?view=clients&limit=50${shown}`);
      expect([shown, counts(listed.body.data.results)]).toEqual([shown, { CNT1: 1, CNT2: 2, CNT3: 2, CNT4: 1, CNT5: 1 }]);
    }
    const today = new Date().toISOString().slice(0, 10);
    const asAdmin = { token: adminToken } as TestInstitution;
    const paths = ['/result/getAllResults', `/result/batch/${batchIds.second}`, `/result/batch/${batchIds.elsewhere}`];
    // Dates, and searches (counted row by row, through the results (client_id, …) index): a reference, a
    // shared prefix, a batch's name, nothing.
    const ranges = [
      '',
      `&dateFrom=${today}`,
      `&dateTo=${today}`,
      '&dateFrom=2020-01-01&dateTo=2020-01-02',
      '&search=CNT3',
      '&search=cnt',
      '&search=CNT9',
      '&search=second',
      '&search=nobody-here',
      `&search=CNT2&dateFrom=${today}`,
    ];
    for (const who of [bank, other, asAdmin]) {
      for (const path of paths) {
        for (const view of ['batches', 'clients']) {
          for (const range of ranges) {
            const listed = await get(who, `${path}?view=${view}&limit=1000${range}`);
            if (listed.status === 404) continue; // another institution's batch
            expect(listed.status).toBe(200);
            // Every row fits on the page, so the rows listed are the count the total must give.
            expect([path, view, range, listed.body.data.pagination.total]).toEqual([path, view, range, listed.body.data.results.length]);
          }
        }
      }
    }
    expect((await get(bank, '/result/getAllResults?view=batches')).body.data.pagination.total).toBe(7);
    expect((await get(bank, '/result/getAllResults?view=clients')).body.data.pagination.total).toBe(5);
    expect((await get(asAdmin, '/result/getAllResults?view=clients')).body.data.pagination.total).toBe(9);
  });

  it('should export the clients view with each client’s count, in the order shown', async () => {
    const shown = 'view=clients&sortBy=credit_limit&sortOrder=asc';
    const listed = await get(bank, `/result/getAllResults?${shown}&limit=50`);
    const response = await get(bank, `/result/export?${shown}&format=csv`);
    expect(response.status).toBe(200);
    const [head, ...records] = Papa.parse<string[]>((response.body as string).replace(/^\uFEFF/, '').trim(), { newline: '\r\n' }).data;
    const count = head.indexOf('results_count');
    expect(count).toBe(head.indexOf('createdAt') + 1);
    expect(records.map((cells) => [cells[0], Number(cells[count])])).toEqual(
      (listed.body.data.results as Listed[]).map((result) => [result.client.reference_number, result.resultCount]),
    );
    const every = await get(bank, '/result/export?format=csv');
    expect((every.body as string).split('\r\n')[0]).not.toContain('results_count');
  });

  it('should find a search’s clients by the trigram index led by the institution, never reading another institution’s matches', async () => {
    const { sql, bindings } = platform
      .knex('client_search')
      .whereRaw('search_text LIKE lower(?)', ['%cnt%'])
      .where('institution_id', bank.id)
      .first(platform.knex.raw('coalesce(sum(cardinality(batches)), 0) AS count'))
      .toSQL();
    const plan = await platform.knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off'); // a handful of rows: refusing scans shows the index serves
      const { rows: lines } = await trx.raw(`EXPLAIN ${sql}`, bindings);
      return (lines as { 'QUERY PLAN': string }[]).map((line) => line['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(
      /Bitmap Index Scan on client_search_by_institution[^\n]*\n\s+Index Cond: \(\(institution_id = \d+\) AND \(search_text ~~/,
    );
  });

  it('should read the counts by the results (client_id, …) index', async () => {
    const clientIds: number[] = await platform.knex('clients').where({ institution_id: bank.id }).pluck('id');
    const { sql, bindings } = resultCountsQuery(platform.knex, clientIds.map(Number)).toSQL();
    const plan = await platform.knex.transaction(async (trx) => {
      // A handful of rows: the planner would scan them whatever the indexes; refusing scans shows the index serves.
      await trx.raw('SET LOCAL enable_seqscan = off');
      const { rows: lines } = await trx.raw(`EXPLAIN ${sql}`, bindings);
      return (lines as { 'QUERY PLAN': string }[]).map((line) => line['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan (using|on) results_client/);
    expect(plan).not.toMatch(/Seq Scan on results/);
  });

  it('should count each listed client’s results by the same index, in the statement that reads the page', async () => {
    const resultIds: number[] = await platform.knex('results').where({ institution_id: bank.id }).pluck('id');
    const visible: number[] = await platform.knex('batches').where({ institution_id: bank.id, status: 'completed' }).pluck('id');
    const planOf = async (counted: Parameters<typeof pageRows>[2]) => {
      const { sql, bindings } = pageRows(platform.knex, resultIds.map(Number), counted).toSQL();
      return platform.knex.transaction(async (trx) => {
        await trx.raw('SET LOCAL enable_seqscan = off');
        const { rows: lines } = await trx.raw(`EXPLAIN ${sql}`, bindings);
        return (lines as { 'QUERY PLAN': string }[]).map((line) => line['QUERY PLAN']).join('\n');
      });
    };
    const joined = await planOf({ in: null });
    expect(joined).toMatch(/SubPlan[\s\S]*Index (Only )?Scan (using|on) results_client/);
    expect(joined).not.toMatch(/Seq Scan on results/);
    // Given the visible batches, the count reads the index alone: no batch is joined for it.
    const byIndex = await planOf({ in: visible });
    const count = byIndex.slice(byIndex.indexOf('SubPlan'));
    expect(count).toMatch(/Index (Only )?Scan (using|on) results_client/);
    expect(count).toMatch(/batch_id = ANY/);
    expect(count).not.toMatch(/batches/);
  });

  it('should name the batch’s model version on client details as the compare does', async () => {
    const listed = await get(bank, '/result/getAllResults?view=clients&search=CNT1');
    const [latest] = listed.body.data.results as Listed[];
    const detailed = await get(bank, `/result/client/${latest.client.id}/detailed`);
    expect(detailed.status).toBe(200);
    const compare = await get(bank, `/result/compare?uploadBatchId=${batchIds.first}`);
    expect(compare.status).toBe(200);
    expect(detailed.body.data.model).toEqual(compare.body.data.fromModel);
    // The change in force then, never the upload's own log position.
    expect(detailed.body.data.model.version).toBeLessThan(detailed.body.data.result.modelVersion);
  });
});
