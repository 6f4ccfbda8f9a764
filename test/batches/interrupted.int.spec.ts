import { deterministicEventId } from '@credit/events';
import { failInterruptedUploads, INTERRUPTED_REASON } from '@credit/command-api';
import { approvedInstitution, bearer, signInAsAdmin } from '../support/actors';
import { csvOf, latestOutOfStep, settledBatch, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

describe('An upload interrupted half-way', () => {
  let platform: TestPlatform;
  afterAll(async () => platform.close());

  it('should be failed by the system, its scored records withdrawn, and a finished batch left alone', async () => {
    platform = await startTestPlatform();
    const admin = await signInAsAdmin(platform);
    const bank = await approvedInstitution(platform, admin);
    const { headers, rows } = starterRows(5);
    // Two of these clients exist already, under their first names; the interrupted batch renames them.
    const earlier = starterRows(2);
    earlier.rows.forEach((row, index) => (row[headers.indexOf('name')] = `First name ${index}`));
    const first = await upload(platform, bank.token, { name: 'earlier.csv', content: csvOf(earlier.headers, earlier.rows) });
    await settledBatch(platform, bank.token, first.body.data.batch.id, first.body.position);
    const names = async () =>
      (await platform.knex('clients').where({ institution_id: bank.id }).orderBy('id').select('name')).map(
        (row: { name: string }) => row.name,
      );
    expect(await names()).toEqual(['First name 0', 'First name 1']);
    const head = (await platform.store.head()).position;
    const metadata = {
      actor: { id: String(bank.id), role: 'institution' as const, name: bank.name },
      institutionId: bank.id,
      correlationId: 'test',
      occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
    };
    const batchId = 9001;
    const { position } = await platform.store.append(`batch-${batchId}`, [
      {
        id: deterministicEventId(`batch-${batchId}/0`),
        type: 'BatchUploadStarted',
        data: {
          batchId,
          institutionId: bank.id,
          name: 'Half',
          description: null,
          fileName: 'half.csv',
          fileType: 'csv',
          totalRows: 10,
          headers,
          modelVersion: head,
          modelHash: 'h',
          chunkCount: 2,
        },
        metadata,
      },
      {
        id: deterministicEventId(`batch-${batchId}/1`),
        type: 'ClientRecordsUploaded',
        data: { batchId, chunk: 0, rowNumbers: [2, 3, 4, 5, 6], rows },
        metadata,
      },
    ]);
    const before = await platform.request(`/api/csv/batch/${batchId}`, {
      headers: { ...bearer(bank.token), 'X-Min-Position': String(position) },
    });
    expect(before.body.data).toMatchObject({ status: 'processing', processed_records: 5 });
    // The three new clients point at their results in the batch still processing; the two earlier ones keep theirs.
    expect(await platform.knex('clients').where({ institution_id: bank.id }).orderBy('id').pluck('latest_batch_id')).toEqual([
      first.body.data.batch.id,
      first.body.data.batch.id,
      batchId,
      batchId,
      batchId,
    ]);
    expect(await latestOutOfStep(platform)).toEqual([]);
    expect(await names()).toEqual([
      rows[0][headers.indexOf('name')],
      rows[1][headers.indexOf('name')],
      ...rows.slice(2).map((row) => row[headers.indexOf('name')]),
    ]);

    expect(await failInterruptedUploads(platform.store, platform.knex, 10 * 60_000)).toEqual([batchId]);
    const after = await platform.request(`/api/csv/batch/${batchId}`, {
      headers: { ...bearer(bank.token), 'X-Min-Position': String((await platform.store.head()).position) },
    });
    expect(after.body.data).toMatchObject({ status: 'failed', failureReason: INTERRUPTED_REASON });
    expect(await platform.knex('results').where({ batch_id: batchId }).count<{ count: string }[]>('* as count')).toEqual([{ count: '0' }]);
    expect(await names()).toEqual(['First name 0', 'First name 1']);
    expect(await latestOutOfStep(platform)).toEqual([]);
    expect(await failInterruptedUploads(platform.store, platform.knex, 10 * 60_000)).toEqual([]);
  });
});
