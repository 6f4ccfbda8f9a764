import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import {
  csvOf,
  handWrittenBatch,
  latestOutOfStep,
  portfolioOutOfStep,
  rebuildScoring,
  referencesOutOfStep,
  searchOutOfStep,
  settledBatch,
  starterRows,
  upload,
} from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

type ClientRow = {
  reference_number: string;
  name: string;
  phone_number: string;
  email: string;
  updated_at: Date;
  latest_batch_id: number;
  ctid: string;
};

/**
 * A re-upload of existing clients writes only the identities that changed (a monthly file repeats
 * most of them): the other clients' rows are not rewritten until their latest result moves, and a
 * failed batch puts back exactly what it overwrote.
 */
describe('Re-uploading existing clients: identities', () => {
  let platform: TestPlatform;
  let bank: TestInstitution;
  const { headers, rows } = starterRows(4, 23);
  const column = (name: string) => headers.indexOf(name);
  rows.forEach((row, index) => (row[column('reference_number')] = `ID${index + 1}`));
  /** The rows with ID2's name and ID3's email changed. */
  const edited = (suffix: string) =>
    rows.map((row, index) => {
      const copy = [...row];
      if (index === 1) copy[column('name')] = `${row[column('name')]} ${suffix}`;
      if (index === 2) copy[column('email')] = `${suffix}.${row[column('email')]}`;
      return copy;
    });

  const clients = async (): Promise<Record<string, ClientRow>> => {
    const { rows: found } = await platform.knex.raw<{ rows: ClientRow[] }>(
      `SELECT reference_number, name, phone_number, email, updated_at, latest_batch_id, ctid::text AS ctid
         FROM clients WHERE institution_id = ? ORDER BY reference_number`,
      [bank.id],
    );
    return Object.fromEntries(found.map((row) => [row.reference_number, row]));
  };
  const uploaded = async (name: string, picked: string[][]) => {
    const response = await upload(platform, bank.token, { name: `${name}.csv`, content: csvOf(headers, picked) }, { batchName: name });
    expect(response.status).toBe(201);
    const batch = await settledBatch(platform, bank.token, response.body.data.batch.id, response.body.position);
    expect(batch).toMatchObject({ status: 'completed' });
    return response.body.data.batch.id as number;
  };
  /** The references the All Clients view lists for a search. */
  const found = async (search: string) => {
    const response = await platform.request(`/api/result/getAllResults?view=clients&limit=50&search=${encodeURIComponent(search)}`, {
      headers: bearer(bank.token),
    });
    expect(response.status).toBe(200);
    return (response.body.data.results as { client: { reference_number: string } }[])
      .map((result) => result.client.reference_number)
      .sort();
  };
  const identity = ({ name, phone_number, email, updated_at }: ClientRow) => ({ name, phone_number, email, updated_at });

  beforeAll(async () => {
    platform = await startTestPlatform();
    bank = await approvedInstitution(platform, await signInAsAdmin(platform));
    await uploaded('first', rows);
  });
  afterEach(async () => {
    expect(await latestOutOfStep(platform)).toEqual([]);
    expect(await portfolioOutOfStep(platform)).toEqual([]);
    expect(await searchOutOfStep(platform)).toEqual([]);
    expect(await referencesOutOfStep(platform)).toEqual([]);
  });
  afterAll(async () => platform.close());

  it('should change only the identities that differ, and leave the others as they were', async () => {
    const before = await clients();
    const second = await uploaded('second', edited('Junior'));
    const after = await clients();
    expect(after.ID2.name).toBe(`${before.ID2.name} Junior`);
    expect(after.ID3.email.toLowerCase()).toBe(`junior.${before.ID3.email}`.toLowerCase());
    expect(after.ID2.updated_at.getTime()).toBeGreaterThan(before.ID2.updated_at.getTime());
    expect(after.ID3.updated_at.getTime()).toBeGreaterThan(before.ID3.updated_at.getTime());
    // Unchanged identities keep the time they were set; every client's latest is the new batch's.
    for (const reference of ['ID1', 'ID4']) expect(identity(after[reference])).toEqual(identity(before[reference]));
    for (const reference of ['ID1', 'ID2', 'ID3', 'ID4']) expect(after[reference].latest_batch_id).toBe(second);
    const { rows: pending } = await platform.knex.raw('SELECT * FROM client_identity_changes');
    expect(pending).toEqual([]);
    // The search finds them by their new name and email.
    expect(await found('JUNIOR')).toEqual(['ID2', 'ID3']);
  });

  it('should put back only what a failed batch overwrote, and leave unchanged rows unwritten', async () => {
    const before = await clients();
    const batchId = 9201;
    const failing = handWrittenBatch(bank, batchId, { headers, modelVersion: (await platform.store.head()).position, name: 'Failing' });
    const extra = starterRows(1, 29).rows[0];
    extra[column('reference_number')] = 'ID9';
    // Chunk 0 re-scores the four clients (two of them renamed again) and stands alone; chunk 1 names
    // ID9 twice, which the clients' unique key refuses, so the batch fails after chunk 0 was written.
    const { position } = await platform.store.append(`batch-${batchId}`, [
      failing.started(6, 2),
      failing.chunk(0, edited('Senior')),
      failing.chunk(1, [extra, extra]),
      failing.completed(3, 6),
    ]);
    expect(await settledBatch(platform, bank.token, batchId, position)).toMatchObject({ status: 'failed' });
    const after = await clients();
    expect(Object.keys(after)).toEqual(['ID1', 'ID2', 'ID3', 'ID4']);
    for (const reference of ['ID1', 'ID2', 'ID3', 'ID4']) {
      expect(identity(after[reference])).toEqual(identity(before[reference]));
      expect(after[reference].latest_batch_id).toBe(before[reference].latest_batch_id);
    }
    // The clients whose identity the failed batch did not change were never rewritten.
    for (const reference of ['ID1', 'ID4']) expect(after[reference].ctid).toBe(before[reference].ctid);
    const { rows: pending } = await platform.knex.raw('SELECT * FROM client_identity_changes');
    expect(pending).toEqual([]);
    // The search finds the identities put back, not the failed batch's.
    expect(await found('senior')).toEqual([]);
    expect(await found('junior')).toEqual(['ID2', 'ID3']);
  });

  it('should rebuild to the same clients', async () => {
    const strip = (all: Record<string, ClientRow>) =>
      Object.fromEntries(Object.entries(all).map(([reference, { ctid: _ctid, ...row }]) => [reference, row]));
    const before = strip(await clients());
    await rebuildScoring(platform);
    expect(strip(await clients())).toEqual(before);
  });
});
