import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { searchedByTrigramsAlone } from '../../query-api/src/results/searchReach';

type Listed = { client: { reference_number: string; name: string } };

describe('A search rare on the whole platform is read from its trigrams alone, never showing another institution’s clients', () => {
  let platform: TestPlatform;
  let bank: TestInstitution;
  let other: TestInstitution;
  const { headers, rows } = starterRows(400, 31);
  const reference = headers.indexOf('reference_number');
  rows.forEach((row, index) => (row[reference] = `RCH${String(index + 1).padStart(4, '0')}`));

  const uploaded = async (who: TestInstitution, picked: string[][]) => {
    const response = await upload(platform, who.token, { name: 'clients.csv', content: csvOf(headers, picked) }, { batchName: 'Month' });
    expect(response.status).toBe(201);
    await settledBatch(platform, who.token, response.body.data.batch.id, response.body.position);
  };
  const references = async (who: TestInstitution, query: string) => {
    const response = await platform.request(`/api/result/getAllResults?limit=50&${query}`, { headers: bearer(who.token) });
    expect(response.status).toBe(200);
    return (response.body.data.results as Listed[]).map((result) => result.client.reference_number);
  };

  beforeAll(async () => {
    platform = await startTestPlatform();
    const admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Banque des Recherches');
    other = await approvedInstitution(platform, admin, 'Petite Banque');
    // The other institution scores five of the same clients, references included.
    await uploaded(bank, rows);
    await uploaded(other, rows.slice(120, 125));
    await platform.knex.raw('ANALYZE client_search'); // what the completion of a batch of 10 000 or more runs
  });
  afterAll(async () => platform.close());

  it('should read a reference from its trigrams alone, and a text most search rows hold with the institution', async () => {
    expect(await searchedByTrigramsAlone(platform.knex, '%rch0123%', bank.id)).toBe(true);
    expect(await searchedByTrigramsAlone(platform.knex, '%rch0%', bank.id)).toBe(false);
    // Five search rows: the institution's own entry in the index is the cheaper way for anything.
    expect(await searchedByTrigramsAlone(platform.knex, '%rch0123%', other.id)).toBe(false);
  });

  it('should list only the institution’s own clients either way, in both views', async () => {
    // The bank's search as the listing sends it is read from its trigrams alone.
    expect(await searchedByTrigramsAlone(platform.knex, '%RCH0123%', bank.id)).toBe(true);
    for (const view of ['batches', 'clients']) {
      expect(await references(bank, `view=${view}&search=RCH0123`)).toEqual(['RCH0123']);
      expect(await references(other, `view=${view}&search=RCH0123`)).toEqual(['RCH0123']);
      expect(await references(other, `view=${view}&search=RCH0130`)).toEqual([]);
      expect((await references(other, `view=${view}&search=rch0`)).sort()).toEqual(['RCH0121', 'RCH0122', 'RCH0123', 'RCH0124', 'RCH0125']);
    }
    const counted = await platform.request('/api/result/getAllResults?limit=1&search=RCH0123', { headers: bearer(bank.token) });
    expect(counted.body.data.pagination.total).toBe(1);
  });

  it('should have merged the index’s pending list, which every search reads whole, once each batch completed', async () => {
    await platform.knex.raw('CREATE EXTENSION IF NOT EXISTS pgstattuple');
    const pending = async (knex = platform.knex) =>
      Number((await knex.raw(`SELECT pending_tuples FROM pgstatginindex('client_search_by_institution')`)).rows[0].pending_tuples);
    // Merged after the completion's commit: the batch reads as completed a moment before.
    const deadline = Date.now() + 10_000;
    while ((await pending()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await pending()).toBe(0);
    // New search rows do go to the pending list first (so the test above could fail).
    const trx = await platform.knex.transaction();
    await trx.raw(
      'INSERT INTO client_search (client_id, institution_id, search_text) SELECT -client_id, institution_id, search_text FROM client_search LIMIT 3',
    );
    expect(await pending(trx)).toBe(3);
    await trx.rollback();
  });

  it('should look the trigrams up in the index and test the institution on the rows found', async () => {
    const { sql, bindings } = platform
      .knex('client_search')
      .whereRaw('search_text LIKE lower(?)', ['%rch0123%'])
      .whereRaw('institution_id + 0 = ?', [bank.id])
      .select('client_id')
      .toSQL();
    const plan = await platform.knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off'); // a few hundred rows: refusing scans shows how the index serves
      const { rows: lines } = await trx.raw(`EXPLAIN ${sql}`, bindings);
      return (lines as { 'QUERY PLAN': string }[]).map((line) => line['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Bitmap Index Scan on client_search_by_institution[^\n]*\n\s+Index Cond: \(search_text ~~/);
    expect(plan).toMatch(/Filter: \(\(institution_id \+ 0\) = \d+\)/);
  });
});
