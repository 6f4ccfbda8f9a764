import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, handWrittenBatch, rebuildScoring, searchOutOfStep, settledBatch, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { resultsState, searchTotal } from '../../query-api/src/results/searchTotals';

/**
 * A search's total is counted once and kept until the institution's results change (searchTotal):
 * the next pages of a search read it back, another institution's uploads leave it kept, and every
 * change the scoring projection makes to the institution's results, clients or batches counts it again.
 */
describe('Search totals kept until the institution’s results change', () => {
  let platform: TestPlatform;
  let bank: TestInstitution;
  let other: TestInstitution;

  /** A batch whose records are named `names[i]`, with references `references[i]`. */
  const uploaded = async (who: TestInstitution, batchName: string, references: string[], names: string[]) => {
    const { headers, rows } = starterRows(references.length, references.length + batchName.length);
    const name = headers.indexOf('name');
    const reference = headers.indexOf('reference_number');
    const email = headers.indexOf('email');
    rows.forEach((row, index) => {
      row[name] = names[index];
      row[reference] = references[index];
      // Generated e-mails spell the generated names, which a search would find.
      row[email] = `${references[index].toLowerCase()}@client.test`;
    });
    const response = await upload(platform, who.token, { name: `${batchName}.csv`, content: csvOf(headers, rows) }, { batchName });
    expect(response.status).toBe(201);
    await settledBatch(platform, who.token, response.body.data.batch.id, response.body.position);
    return response.body.data.batch.id as number;
  };
  const total = async (who: TestInstitution, path: string) => {
    const response = await platform.request(path, { headers: bearer(who.token) });
    expect(response.status).toBe(200);
    return response.body.data.pagination.total as number;
  };
  const references = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}-${index}`);

  let january: number;

  beforeAll(async () => {
    platform = await startTestPlatform();
    const admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Banque Cherchée');
    other = await approvedInstitution(platform, admin, 'Banque Voisine');
    // Five of January's eight clients are called Ndiaye.
    january = await uploaded(bank, 'january', references('JAN', 8), [
      'Awa Ndiaye',
      'Moussa Ndiaye',
      'Fatou Ndiaye',
      'Ibrahima Ndiaye',
      'Khady Ndiaye',
      'Paul Biya',
      'Rose Eko',
      'Jean Fotso',
    ]);
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('counts a search once, keeps its total through another institution’s upload, and counts again once its own results change', async () => {
    let counted = 0;
    const count = async () => {
      counted += 1;
      return { total: 1234 };
    };
    const key = ['a test’s search'];
    // As a listing asks: with the state of the batches it read.
    const total = async (institutionId: number | null) =>
      searchTotal(platform.knex, institutionId, key, await resultsState(platform.knex, institutionId), count);
    expect(await total(bank.id)).toBe(1234);
    expect(await total(bank.id)).toBe(1234);
    expect(counted).toBe(1);

    await uploaded(other, 'neighbour', references('NB', 3), ['Awa Ndiaye', 'Ali Ndiaye', 'Eve Mba']);
    expect(await total(bank.id)).toBe(1234);
    expect(counted).toBe(1);
    // An administrator's search spans every institution: the neighbour's batch changed its state.
    await total(null);
    await total(null);
    expect(counted).toBe(2);

    await uploaded(bank, 'interim', references('INT', 2), ['Rose Abena', 'Marc Abena']);
    await total(bank.id);
    expect(counted).toBe(3);
  });

  it('answers the counted totals after a batch renames clients and brings new ones', async () => {
    const searches = (batch: number) => ({
      results: '/api/result/getAllResults?view=batches&search=ndiaye',
      clients: '/api/result/getAllResults?view=clients&search=Ndiaye',
      batch: `/api/result/batch/${batch}?search=NDIAYE`,
    });
    const before = searches(january);
    // Asked twice each: the second answer is the kept total.
    for (let time = 0; time < 2; time++) {
      expect(await total(bank, before.results)).toBe(5);
      expect(await total(bank, before.clients)).toBe(5);
      expect(await total(bank, before.batch)).toBe(5);
    }

    // February: two of January's Ndiaye clients married (renamed), three new Ndiaye clients.
    const february = await uploaded(
      bank,
      'february',
      ['JAN-0', 'JAN-1', 'JAN-2', ...references('FEB', 3)],
      ['Awa Sarr', 'Moussa Diop', 'Fatou Ndiaye', 'Oumar Ndiaye', 'Binta Ndiaye', 'Aminata Ndiaye'],
    );
    // Clients named Ndiaye now: JAN-2, JAN-3, JAN-4 and the three new ones; JAN-2 has a result in both batches.
    expect(await total(bank, before.results)).toBe(7);
    expect(await total(bank, before.clients)).toBe(6);
    // January's results of clients named Ndiaye now: JAN-2, JAN-3, JAN-4.
    expect(await total(bank, before.batch)).toBe(3);
    expect(await total(bank, searches(february).batch)).toBe(4);
    // The neighbour's Ndiaye clients are never counted.
    expect(await total(other, before.results)).toBe(2);

    // A search in one batch counts every batch's total at once and keeps the others: February's is
    // read back. A batch named like the search lists all its rows, whatever its clients are called.
    const payroll = await uploaded(bank, 'Ndiaye payroll', ['PAY-0', 'PAY-1'], ['Codou Ndiaye', 'Jean Ekane']);
    expect(await total(bank, searches(january).batch)).toBe(3);
    expect(await total(bank, searches(february).batch)).toBe(4);
    expect(await total(bank, searches(payroll).batch)).toBe(2);
    expect(await total(bank, `${searches(payroll).batch}x`)).toBe(0);
  });

  it('keeps each search row’s batches ascending when a later batch completes first, as a rebuild writes them', async () => {
    const { headers, rows } = starterRows(3, 31);
    const reference = headers.indexOf('reference_number');
    const email = headers.indexOf('email');
    rows.forEach((row, index) => {
      row[reference] = `ORD-${index}`;
      row[email] = `ord-${index}@client.test`;
    });
    const modelVersion = (await platform.store.head()).position;
    const later = handWrittenBatch(bank, 9502, { headers, modelVersion });
    const earlier = handWrittenBatch(bank, 9501, { headers, modelVersion });
    await platform.store.append('batch-9502', [later.started(3, 1), later.chunk(0, rows), later.completed(2, 3)]);
    const { position } = await platform.store.append('batch-9501', [
      earlier.started(3, 1),
      earlier.chunk(0, rows),
      earlier.completed(2, 3),
    ]);
    expect(await settledBatch(platform, bank.token, 9501, position)).toMatchObject({ status: 'completed' });
    const kept = await platform
      .knex({ s: 'client_search' })
      .join({ c: 'clients' }, 'c.id', 's.client_id')
      .where('c.reference_number', 'like', 'ORD-%')
      .pluck('s.batches');
    expect(kept).toEqual([
      [9501, 9502],
      [9501, 9502],
      [9501, 9502],
    ]);
    expect(await total(bank, '/api/result/batch/9501?search=ord-')).toBe(3);
    expect(await searchOutOfStep(platform)).toEqual([]);
    const searchRows = await platform.knex('client_search').orderBy('client_id');
    await rebuildScoring(platform);
    expect(await platform.knex('client_search').orderBy('client_id')).toEqual(searchRows);
  });
});
