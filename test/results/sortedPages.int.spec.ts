import type { Knex } from 'knex';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { filteredResults } from '../../query-api/src/results/resultRows';

type Row = { id: number; credit_limit: number; interest_rate: number };
type Listed = { id: number; credit_limit: number; interest_rate: number; institutionId: number };

/**
 * Pages sorted by an amount across several batches are merged from each batch's first rows
 * (listResults' pageIds): they must be exactly the pages a sort of every result gives, ties and deep
 * pages included, and read from the (batch, amount, id) indexes.
 */
describe('Results sorted by credit limit or interest rate across batches', () => {
  let platform: TestPlatform;
  let bank: TestInstitution;
  let rows: Row[];
  let latest: Row[];

  /** A batch of `count` records; from its fifth, `again.count` of them score again the earlier batch's clients of the same rows. */
  const uploaded = async (who: TestInstitution, name: string, count: number, seed: number, again?: { of: string; count: number }) => {
    const { headers, rows: records } = starterRows(count, seed);
    const reference = headers.indexOf('reference_number');
    records.forEach(
      (record, index) => (record[reference] = again && index >= 4 && index < 4 + again.count ? `${again.of}-${index}` : `${name}-${index}`),
    );
    // A few records repeated with the first one's values: equal amounts, ordered by id.
    for (let index = 1; index <= 3; index++)
      records[index] = records[0].map((cell, column) => (column === reference ? `${name}-${index}` : cell));
    const response = await upload(platform, who.token, { name: `${name}.csv`, content: csvOf(headers, records) }, { batchName: name });
    expect(response.status).toBe(201);
    await settledBatch(platform, who.token, response.body.data.batch.id, response.body.position);
  };

  beforeAll(async () => {
    platform = await startTestPlatform();
    const admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Banque Triée');
    const other = await approvedInstitution(platform, admin, 'Autre Banque');
    await uploaded(bank, 'january', 23, 101);
    await uploaded(bank, 'february', 31, 102, { of: 'january', count: 8 });
    await uploaded(other, 'elsewhere', 17, 103);
    await uploaded(bank, 'march', 19, 104, { of: 'january', count: 5 });
    rows = (await platform.knex('results').where({ institution_id: bank.id }).select('id', 'credit_limit', 'interest_rate')).map(
      (row: Record<string, string>) => ({
        id: Number(row.id),
        credit_limit: Number(row.credit_limit),
        interest_rate: Number(row.interest_rate),
      }),
    );
    expect(rows).toHaveLength(73);
    latest = (
      await platform
        .knex('clients')
        .where({ institution_id: bank.id })
        .whereNotNull('latest_result_id')
        .select('latest_result_id', 'latest_credit_limit', 'latest_interest_rate')
    ).map((row: Record<string, string>) => ({
      id: Number(row.latest_result_id),
      credit_limit: Number(row.latest_credit_limit),
      interest_rate: Number(row.latest_interest_rate),
    }));
    // Thirteen results score a client again (five of them one February scored again too).
    expect(latest).toHaveLength(73 - 13);
  });
  afterAll(async () => platform?.close());

  const listed = async (query: string) => {
    const response = await platform.request(`/api/result/getAllResults?${query}`, { headers: bearer(bank.token) });
    expect(response.status).toBe(200);
    return response.body.data as { results: Listed[]; pagination: { total: number } };
  };

  const sorted = (amount: 'credit_limit' | 'interest_rate', order: 'asc' | 'desc', kept: (row: Row) => boolean = () => true, from = rows) =>
    from
      .filter(kept)
      .sort((left, right) => (left[amount] - right[amount] || left.id - right.id) * (order === 'asc' ? 1 : -1))
      .map((row) => row.id);

  it.each([
    ['credit_limit', 'desc'],
    ['credit_limit', 'asc'],
    ['interest_rate', 'asc'],
    ['interest_rate', 'desc'],
  ] as const)('should page by %s %s exactly as sorting every result does', async (amount, order) => {
    const expected = sorted(amount, order);
    for (const limit of [10, 7]) {
      const pages: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / limit) + 1; page++) {
        const { results, pagination } = await listed(`sortBy=${amount}&sortOrder=${order}&limit=${limit}&page=${page}`);
        expect(pagination.total).toBe(expected.length);
        expect(results.every((result) => result.institutionId === bank.id)).toBe(true);
        pages.push(...results.map((result) => result.id));
      }
      expect(pages).toEqual(expected);
    }
  });

  it('should keep an amount range in the merged pages', async () => {
    const limits = rows.map((row) => row.credit_limit).sort((left, right) => left - right);
    const [low, high] = [limits[10], limits[60]];
    const expected = sorted('credit_limit', 'desc', (row) => row.credit_limit >= low && row.credit_limit <= high);
    const first = await listed(`sortBy=credit_limit&sortOrder=desc&limit=10&page=1&minAmount=${low}&maxAmount=${high}`);
    const second = await listed(`sortBy=credit_limit&sortOrder=desc&limit=10&page=2&minAmount=${low}&maxAmount=${high}`);
    expect([...first.results, ...second.results].map((result) => result.id)).toEqual(expected.slice(0, 20));
    const byRate = await listed(`sortBy=interest_rate&sortOrder=asc&limit=50&page=1&minAmount=${low}&maxAmount=${high}`);
    expect(byRate.results.map((result) => result.id)).toEqual(
      sorted('interest_rate', 'asc', (row) => expected.includes(row.id)).slice(0, 50),
    );
  });

  it.each([
    ['credit_limit', 'desc'],
    ['interest_rate', 'asc'],
  ] as const)('should page All Clients by %s %s exactly as sorting every client’s latest result does', async (amount, order) => {
    const expected = sorted(amount, order, () => true, latest);
    const pages: number[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 9) + 1; page++) {
      const { results, pagination } = await listed(`view=clients&sortBy=${amount}&sortOrder=${order}&limit=9&page=${page}`);
      expect(pagination.total).toBe(expected.length);
      pages.push(...results.map((result) => result.id));
    }
    expect(pages).toEqual(expected);
    const limits = latest.map((row) => row.credit_limit).sort((left, right) => left - right);
    const [low, high] = [limits[5], limits[40]];
    const ranged = await listed(`view=clients&sortBy=${amount}&sortOrder=${order}&limit=50&minAmount=${low}&maxAmount=${high}`);
    expect(ranged.results.map((result) => result.id)).toEqual(
      sorted(amount, order, (row) => row.credit_limit >= low && row.credit_limit <= high, latest),
    );
  });

  it.each([
    ['credit_limit', 'results_batch_credit_limit'],
    ['interest_rate', 'results_batch_interest_rate'],
  ] as const)('should read a page sorted by %s from the %s index of each batch', async (amount, index) => {
    for (const view of ['batches', 'clients']) {
      const { pageQuery } = await filteredResults(platform.knex, { institutionId: bank.id }, { sortBy: amount, sortOrder: 'desc', view });
      const { sql, bindings } = (await pageQuery(10, 20)).query.toSQL();
      const plan = await platform.knex.transaction(async (trx) => {
        // A few dozen rows: the planner would scan and sort them whatever the indexes; refusing both shows the index serves.
        await trx.raw('SET LOCAL enable_seqscan = off');
        await trx.raw('SET LOCAL enable_sort = off');
        const { rows: lines } = await trx.raw(`EXPLAIN ${sql}`, bindings);
        return (lines as { 'QUERY PLAN': string }[]).map((line) => line['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('Merge Append');
      expect(plan.match(new RegExp(`Index (Only )?Scan( Backward)? using ${index} on results`, 'g'))).toHaveLength(3);
      expect(plan).not.toMatch(/Seq Scan on (results|clients)/);
      // All Clients: each row read looks its own client up, never a join over the institution's clients.
      if (view === 'clients') expect(plan).toMatch(/Index (Only )?Scan using clients_pkey on clients/);
      expect(plan).not.toMatch(/Hash/);
    }
  });

  it('should send a first page’s merge prepared, each branch’s rows written into its text, and plan a deep or filtered one each time', async () => {
    const sent = async (filters: Record<string, unknown>, limit: number, offset: number) => {
      const { pageQuery } = await filteredResults(
        platform.knex,
        { institutionId: bank.id },
        { sortBy: 'credit_limit', sortOrder: 'desc', view: 'batches', ...filters },
      );
      const { query, from } = await pageQuery(limit, offset);
      return { ...(query.toSQL() as { sql: string; options: { name?: string } }), from };
    };
    const first = await sent({}, 10, 20);
    expect(first.options.name).toMatch(/^p_/);
    expect(first.sql.match(/limit 32\)/g)).toHaveLength(3); // 30 rows a branch, rounded up
    // The merge hands over as many, its limit in the text and no offset (PostgreSQL then keeps one generic plan); the page is taken from them.
    expect(first.sql).toMatch(/\) AS merged order by [^)]* limit 32$/);
    expect(first.from).toBe(20);
    // Another page within the same power of two: the same statement.
    expect((await sent({}, 10, 18)).options.name).toBe(first.options.name);
    const deep = await sent({}, 50, 2000);
    expect([deep.options.name, deep.from]).toEqual([undefined, undefined]);
    expect((await sent({ minAmount: 1 }, 10, 20)).options.name).toBeUndefined();
  });

  it('should count an amount range from the credit limit’s index alone, the institution included', async () => {
    const limits = rows.map((row) => row.credit_limit).sort((left, right) => left - right);
    const [low, high] = [limits[10], limits[60]];
    const { filtered, count } = await filteredResults(platform.knex, { institutionId: bank.id }, { minAmount: low, maxAmount: high });
    expect(await count()).toBe(rows.filter((row) => row.credit_limit >= low && row.credit_limit <= high).length);
    await platform.knex.raw('VACUUM results'); // the visibility map set, as autovacuum leaves a batch's results
    const { sql, bindings } = filtered.clone().count('* as count').toSQL(); // the listing's count (countRows)
    const plan = await platform.knex.transaction(async (trx) => {
      // A few dozen rows: refusing scans shows which index can serve the count alone.
      await trx.raw('SET LOCAL enable_seqscan = off');
      await trx.raw('SET LOCAL enable_bitmapscan = off');
      const { rows: lines } = await trx.raw(`EXPLAIN ${sql}`, bindings);
      return (lines as { 'QUERY PLAN': string }[]).map((line) => line['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Only Scan using results_batch_credit_limit on results/);
    expect(plan).toMatch(/Filter: \(r?\.?institution_id = \d+\)/);
  });

  it('should have the planner take half of a batch’s results to be their client’s latest, so that All Clients walks the indexes however deep the page', async () => {
    // As an equality the test was guessed to pass 1 row in 200, and past the first rows the planner
    // sorted each batch's results instead of walking its index; written as a CASE it is guessed at
    // one in two, as in a monthly file. Compared on analyzed statistics: the batch's rows, then those of them that are latest.
    await platform.knex.raw('ANALYZE results');
    const { pageQuery } = await filteredResults(
      platform.knex,
      { institutionId: bank.id },
      { sortBy: 'credit_limit', sortOrder: 'desc', view: 'clients' },
    );
    const { sql } = (await pageQuery(9, 27)).query.toSQL();
    const latestTest =
      /(CASE WHEN \(SELECT c\.latest_result_id FROM clients c WHERE c\.id = r\.client_id\) = r\.id THEN true ELSE false END)/.exec(sql);
    expect(latestTest).not.toBeNull();
    const [{ id: batchId }] = await platform.knex('batches').where({ institution_id: bank.id }).orderBy('id').select('id');
    const estimated = async (condition: string) => {
      const { rows: lines } = await platform.knex.raw(
        `EXPLAIN (FORMAT JSON) SELECT r.id FROM results r WHERE r.batch_id = ? AND ${condition}`,
        [batchId],
      );
      return (lines as { 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }[])[0]['QUERY PLAN'][0].Plan['Plan Rows'];
    };
    const inBatch = await estimated('true');
    expect(inBatch).toBeGreaterThanOrEqual(20);
    expect(await estimated((latestTest as RegExpExecArray)[1])).toBeGreaterThanOrEqual(Math.floor(inBatch / 3));
    // The equality it replaces, for contrast: about one row.
    expect(await estimated('(SELECT c.latest_result_id FROM clients c WHERE c.id = r.client_id) = r.id')).toBeLessThan(inBatch / 10);
  });

  it.each([
    ['batches', 'createdAt', 'desc'],
    ['batches', 'credit_limit', 'asc'],
    ['clients', 'interest_rate', 'desc'],
    ['clients', 'createdAt', 'asc'],
  ] as const)('should page a narrow search in %s by %s %s exactly as walking every row does', async (view, sortBy, order) => {
    // Under SEARCH_SORTED_AT_MOST matches, the page reads the matching clients first (pageQuery's own branch).
    const { orderedIds } = await filteredResults(
      platform.knex,
      { institutionId: bank.id },
      { view, sortBy, sortOrder: order, search: '-1' },
    );
    const expected = (await orderedIds()).map((row: { id: string }) => Number(row.id));
    expect(expected.length).toBeGreaterThan(8);
    const pages: number[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 4) + 1; page++) {
      const { results, pagination } = await listed(`view=${view}&sortBy=${sortBy}&sortOrder=${order}&search=-1&limit=4&page=${page}`);
      expect(pagination.total).toBe(expected.length);
      pages.push(...results.map((result) => result.id));
    }
    expect(pages).toEqual(expected);
    // Past its last row, and for a search that matches nothing, the page is empty (and not read).
    const none = await listed(`view=${view}&sortBy=${sortBy}&sortOrder=${order}&search=no-such-client`);
    expect(none).toEqual({ results: [], pagination: expect.objectContaining({ total: 0 }) });
  });

  it.each([
    ['batches', 'createdAt', 'desc'],
    ['batches', 'credit_limit', 'asc'],
    ['clients', 'interest_rate', 'desc'],
    ['clients', 'createdAt', 'asc'],
  ] as const)(
    'should count and page a wide search with a batch named like it in %s by %s %s exactly as walking every row does',
    async (view, sortBy, order) => {
      // "jan": the batch january (every row) and the clients it scored first, scored again in February and March.
      const { filtered, orderedIds, pageQuery, count } = await filteredResults(
        platform.knex,
        { institutionId: bank.id },
        { view, sortBy, sortOrder: order, search: 'jan' },
      );
      // What the search matches as one condition (batch named like it, or client matching it), sorted here:
      // each listed row is a result (All Clients lists each client's latest), in the screen's order.
      const matched: number[] = (
        await filtered.clone().select(platform.knex.raw(view === 'clients' ? 'c.latest_result_id AS id' : 'r.id AS id'))
      ).map((row: { id: string }) => Number(row.id));
      const values = new Map(
        (await platform.knex('results').whereIn('id', matched).select('id', 'created_at', 'credit_limit', 'interest_rate')).map(
          (row: { id: string; created_at: Date; credit_limit: string; interest_rate: string }) => [
            Number(row.id),
            { createdAt: row.created_at.getTime(), credit_limit: Number(row.credit_limit), interest_rate: Number(row.interest_rate) },
          ],
        ),
      );
      const key = (id: number) => (values.get(id) as Record<typeof sortBy, number>)[sortBy];
      const expected = [...matched].sort((left, right) => (key(left) - key(right) || left - right) * (order === 'asc' ? 1 : -1));
      expect(expected.length).toBeGreaterThan(view === 'batches' ? 23 : 10);
      // Counted, and listed in full (an export), as two branches too: the named batch's rows and the others' matching rows.
      expect(await count()).toBe(expected.length);
      expect(orderedIds().toSQL().sql).toContain('UNION ALL');
      expect(((await orderedIds()) as { id: string }[]).map((row) => Number(row.id))).toEqual(expected);
      for (const [limit, offset] of [
        [10, 0],
        [7, 14],
        [50, 0],
      ]) {
        // Counted as wide: the batch named like the search and the other batches are read as two branches.
        const { query } = await pageQuery(limit, offset, 1_000_000);
        expect(query.toSQL().sql).toContain('UNION ALL');
        expect(((await query) as { id: string }[]).map((row) => Number(row.id))).toEqual(expected.slice(offset, offset + limit));
      }
    },
  );

  it.each([
    [
      'batches',
      'desc',
      'bank',
      'w.client IN ((select "client_id" from "client_search" where search_text LIKE lower(?) and institution_id = ?))',
    ],
    [
      'batches',
      'asc',
      'bank',
      'w.client IN ((select "client_id" from "client_search" where search_text LIKE lower(?) and institution_id = ?))',
    ],
    [
      'clients',
      'desc',
      'bank',
      'w.client IN ((select "client_id" from "client_search" where search_text LIKE lower(?) and institution_id = ?))',
    ],
    ['batches', 'desc', 'administrator', '(SELECT s.search_text LIKE lower(?) FROM client_search s WHERE s.client_id = w.client)'],
    ['clients', 'asc', 'administrator', '(SELECT s.search_text LIKE lower(?) FROM client_search s WHERE s.client_id = w.client)'],
  ] as const)(
    'should walk a wide search with no trigram ("-1") in %s by time %s for the %s, page for page as the planner reads it',
    async (view, order, asker, tested) => {
      const params = { view, sortBy: 'createdAt', sortOrder: order, search: '-1' };
      // A bank's few clients are listed once and each walked row tested against the list; every institution's are looked up row by row.
      const scope = { institutionId: asker === 'bank' ? bank.id : null };
      const { orderedIds, pageQuery } = await filteredResults(platform.knex, scope, params);
      const expected = ((await orderedIds()) as { id: string }[]).map((row) => Number(row.id));
      expect(expected.length).toBeGreaterThan(8);
      const ids = async (query: Knex.QueryBuilder) => ((await query) as { id: string }[]).map((row) => Number(row.id));
      // Counted as wide: the walk, with the planner's page as what a page not filled within the walk's window falls back to.
      for (const [limit, offset] of [
        [4, 0],
        [4, 4],
        [4, expected.length - 2],
        [50, 0],
      ]) {
        const { query, orElse } = await pageQuery(limit, offset, 1_000_000);
        expect(query.toSQL().sql).toContain(`CASE WHEN ${tested}`);
        expect(await ids(query)).toEqual(expected.slice(offset, offset + limit));
        expect(await ids((orElse as () => Knex.QueryBuilder)())).toEqual(expected.slice(offset, offset + limit));
      }
      // A search with three letters or digits in a row is left to the trigram index and the planner.
      const lettered = await filteredResults(platform.knex, scope, { ...params, search: 'jan' });
      expect((await lettered.pageQuery(4, 0, 1_000_000)).orElse).toBeUndefined();
    },
  );

  it.each([
    ['batches', 'desc'],
    ['clients', 'desc'],
    ['clients', 'asc'],
  ] as const)(
    'should walk a few thousand rows first for a search its count says matches many but under the listing limit, in %s by time %s, page for page',
    async (view, order) => {
      const { orderedIds, pageQuery } = await filteredResults(
        platform.knex,
        { institutionId: bank.id },
        { view, sortBy: 'createdAt', sortOrder: order, search: '-1' },
      );
      const expected = ((await orderedIds()) as { id: string }[]).map((row) => Number(row.id));
      const ids = async (query: Knex.QueryBuilder) => ((await query) as { id: string }[]).map((row) => Number(row.id));
      // Counted at 3 000 matches: walked first, each row's search text looked up, the listed page what an unfilled walk falls back to.
      for (const [limit, offset] of [
        [4, 0],
        [4, 4],
        [4, expected.length - 2],
      ]) {
        const { query, orElse } = await pageQuery(limit, offset, 3_000);
        expect(query.toSQL().sql).toContain(
          'CASE WHEN (SELECT s.search_text LIKE lower(?) FROM client_search s WHERE s.client_id = w.client)',
        );
        const listed = (orElse as () => Knex.QueryBuilder)();
        expect(listed.toSQL().sql).toMatch(/ = ANY\(ARRAY\(\(select "client_id" from "client_search"/);
        expect(await ids(query)).toEqual(expected.slice(offset, offset + limit));
        expect(await ids(listed)).toEqual(expected.slice(offset, offset + limit));
      }
      // Fewer matches, or a page past the first 500 rows: listed first, never walked.
      for (const [offset, matching] of [
        [0, 2_000],
        [500, 3_000],
      ]) {
        const { query, orElse } = await pageQuery(10, offset, matching);
        expect(orElse).toBeUndefined();
        expect(query.toSQL().sql).toMatch(/ = ANY\(ARRAY\(\(select "client_id" from "client_search"/);
      }
    },
  );

  it('should test each walked row against a hash of the bank’s matching clients, read once', async () => {
    const { pageQuery } = await filteredResults(
      platform.knex,
      { institutionId: bank.id },
      { view: 'batches', sortBy: 'createdAt', sortOrder: 'desc', search: '-1' },
    );
    const walked = (await pageQuery(4, 0, 1_000_000)).query.toSQL();
    const { rows: lines } = await platform.knex.raw(`EXPLAIN ${walked.sql}`, walked.bindings);
    const plan = (lines as { 'QUERY PLAN': string }[]).map((line) => line['QUERY PLAN']).join('\n');
    // Read once into a hash, not read again for each walked row.
    expect(plan).toMatch(/Filter: CASE WHEN \(ANY \(w\.client = \(hashed SubPlan 1\)\.col1\)\)/);
  });

  it('should read a narrow search’s matching clients before their rows, and leave a wide one to the planner', async () => {
    for (const [view, sorted] of [
      ['batches', 'r.created_at DESC'],
      ['clients', 'c.latest_at DESC'],
    ] as const) {
      const { pageQuery } = await filteredResults(
        platform.knex,
        { institutionId: bank.id },
        { view, sortBy: 'createdAt', sortOrder: 'desc', search: '-1' },
      );
      const narrow = (await pageQuery(10, 0, 12)).query.toSQL();
      expect(narrow.sql).toMatch(/ = ANY\(ARRAY\(\(select "client_id" from "client_search"/);
      expect((await pageQuery(10, 0, 1_000_000)).query.toSQL().sql).not.toContain('ARRAY(');
      const plan = await platform.knex.transaction(async (trx) => {
        await trx.raw('SET LOCAL enable_seqscan = off');
        const { rows: lines } = await trx.raw(`EXPLAIN ${narrow.sql}`, narrow.bindings);
        return (lines as { 'QUERY PLAN': string }[]).map((line) => line['QUERY PLAN']).join('\n');
      });
      // The matching clients are read once, before any row (an init plan); the rows holding them are sorted, not walked in order.
      expect(plan).toMatch(/InitPlan 1\n\s+->  Bitmap Heap Scan on client_search/);
      expect(plan).toMatch(/id = ANY \(\(InitPlan 1\)/);
      expect(plan).toContain(`Sort Key: ${sorted}`);
    }
  });
});
