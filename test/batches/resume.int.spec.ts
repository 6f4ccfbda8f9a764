import { createHash } from 'node:crypto';
import { deterministicEventId } from '@credit/events';
import { chunkRecords } from '@credit/command-api/src/batches/batchChunks';
import { parseUpload } from '@credit/command-api/src/batches/parseUpload';
import { failInterruptedUploads, INTERRUPTED_REASON } from '@credit/command-api';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, rebuildScoring, resultsChecksum, settledBatch, starterRows } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

describe('Uploads with an Idempotency-Key', () => {
  let platform: TestPlatform;
  let bank: TestInstitution;
  beforeAll(async () => {
    platform = await startTestPlatform();
    bank = await approvedInstitution(platform, await signInAsAdmin(platform));
  });
  afterAll(async () => platform.close());

  const keyed = (key: string, content: string) => {
    const form = new FormData();
    form.append('batchName', 'Keyed');
    form.append('csvFile', new Blob([content]), 'clients.csv');
    return platform.request('/api/csv/upload', { method: 'POST', body: form, headers: { ...bearer(bank.token), 'Idempotency-Key': key } });
  };

  /** What an upload that died half-way leaves behind: its key, its start and its first chunk of records. */
  const interruptedUpload = async (key: string, batchId: number, content: string, startedAt: Date) => {
    await platform.knex('upload_keys').insert({ institution_id: bank.id, key, batch_id: batchId });
    const sheet = parseUpload(Buffer.from(content), 'csv');
    const [firstChunk] = chunkRecords(sheet.rows, sheet.rowNumbers);
    const metadata = {
      actor: { id: String(bank.id), role: 'institution' as const, name: bank.name },
      institutionId: bank.id,
      correlationId: 'first-try',
      occurredAt: startedAt.toISOString(),
    };
    const started = {
      batchId,
      institutionId: bank.id,
      name: 'Keyed',
      description: null,
      fileName: 'clients.csv',
      fileType: 'csv',
      totalRows: sheet.rows.length,
      headers: sheet.headers,
      modelVersion: (await platform.store.head()).position,
      modelHash: 'first-try',
      chunkCount: 99,
      fileHash: createHash('sha256').update(content).digest('hex'),
    };
    const { position } = await platform.store.append(`batch-${batchId}`, [
      { id: deterministicEventId(`batch-${batchId}/0`), type: 'BatchUploadStarted', data: started, metadata },
      {
        id: deterministicEventId(`batch-${batchId}/1`),
        type: 'ClientRecordsUploaded',
        data: { batchId, chunk: 0, ...firstChunk },
        metadata,
      },
    ]);
    return position;
  };

  it('should answer a retried upload with the same batch and store nothing twice', async () => {
    const { headers, rows } = starterRows(12, 41);
    const content = csvOf(headers, rows);
    const first = await keyed('retry-1', content);
    expect(first.status).toBe(201);
    const head = (await platform.store.head()).position;
    const again = await keyed('retry-1', content);
    expect(again.status).toBe(201);
    expect(again.body.data.batch.id).toBe(first.body.data.batch.id);
    expect((await platform.store.head()).position).toBe(head);
    const batch = await settledBatch(platform, bank.token, first.body.data.batch.id, head);
    expect(batch).toMatchObject({ status: 'completed', processed_records: 12 });
    const afterScoring = await keyed('retry-1', content);
    expect(afterScoring).toMatchObject({ status: 201, body: { data: { batch: { id: first.body.data.batch.id, status: 'completed' } } } });
    expect(afterScoring.body.message).toBe('Batch uploaded: 12 records accepted. Its status is completed.');
    expect((await platform.store.head()).position).toBe(head);
    const other = await keyed('retry-1', csvOf(headers, rows.slice(1)));
    expect(other).toMatchObject({ status: 409, body: { message: 'This Idempotency-Key was already used for a different file' } });
  });

  it('should resume an upload that stopped half-way, storing every record exactly once', async () => {
    const { headers, rows } = starterRows(3000, 43);
    const content = csvOf(headers, rows);
    const batchId = 500_000;
    await interruptedUpload('resume-1', batchId, content, new Date());

    const resumed = await keyed('resume-1', content);
    expect(resumed.status).toBe(201);
    expect(resumed.body.data.batch.id).toBe(batchId);
    const batch = await settledBatch(platform, bank.token, batchId, resumed.body.position);
    expect(batch).toMatchObject({ status: 'completed', processed_records: 3000, failed_records: 0 });
    const events = await platform.store.readStream(`batch-${batchId}`);
    expect(events.filter((event) => event.type === 'BatchUploadStarted')).toHaveLength(1);
    const chunks = events.filter((event) => event.type === 'ClientRecordsUploaded').map((event) => (event.data as { chunk: number }).chunk);
    expect(chunks).toEqual([...new Set(chunks)].sort((a, b) => a - b));
    expect(await platform.knex('results').where({ batch_id: batchId }).count<{ count: string }[]>('* as count')).toEqual([
      { count: '3000' },
    ]);
    // Its chunks came from two requests, at two times: a rebuild (other page boundaries) gives every row the same time again.
    const before = await resultsChecksum(platform);
    await rebuildScoring(platform);
    expect(await resultsChecksum(platform)).toEqual(before);
  });

  it('should not reopen an interrupted batch the system has already failed', async () => {
    const { headers, rows } = starterRows(3000, 47);
    const content = csvOf(headers, rows);
    const batchId = 500_001;
    const position = await interruptedUpload('swept-1', batchId, content, new Date(Date.now() - 3_600_000));
    await settledBatch(platform, bank.token, batchId, position);
    expect(await failInterruptedUploads(platform.store, platform.knex, 60_000)).toEqual([batchId]);
    const head = (await platform.store.head()).position;

    const retried = await keyed('swept-1', content);
    expect(retried).toMatchObject({ status: 422, body: { success: false, message: INTERRUPTED_REASON } });
    expect((await platform.store.head()).position).toBe(head);
  });
});
