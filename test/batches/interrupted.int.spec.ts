import { deterministicEventId } from '@credit/events';
import { failInterruptedUploads, INTERRUPTED_REASON } from '@credit/command-api';
import { approvedInstitution, bearer, signInAsAdmin } from '../support/actors';
import { starterRows } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

describe('An upload interrupted half-way', () => {
  let platform: TestPlatform;
  afterAll(async () => platform.close());

  it('should be failed by the system, its scored records withdrawn, and a finished batch left alone', async () => {
    platform = await startTestPlatform();
    const admin = await signInAsAdmin(platform);
    const bank = await approvedInstitution(platform, admin);
    const { headers, rows } = starterRows(5);
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

    expect(await failInterruptedUploads(platform.store, platform.knex, 10 * 60_000)).toEqual([batchId]);
    const after = await platform.request(`/api/csv/batch/${batchId}`, {
      headers: { ...bearer(bank.token), 'X-Min-Position': String((await platform.store.head()).position) },
    });
    expect(after.body.data).toMatchObject({ status: 'failed', failureReason: INTERRUPTED_REASON });
    expect(await platform.knex('results').where({ batch_id: batchId }).count<{ count: string }[]>('* as count')).toEqual([{ count: '0' }]);
    expect(await failInterruptedUploads(platform.store, platform.knex, 10 * 60_000)).toEqual([]);
  });
});
