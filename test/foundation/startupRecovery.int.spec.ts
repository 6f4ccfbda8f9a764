import pino from 'pino';
import { deterministicEventId } from '@credit/events';
import { INTERRUPTED_REASON } from '@credit/command-api';
import { allProjections } from '@credit/projectors';
import { failUploadsInterruptedBeforeStart } from '../../src/platform/startupRecovery';
import { approvedInstitution, bearer, signInAsAdmin } from '../support/actors';
import { starterRows } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

/** Uploads a dead process left open are failed when the platform starts again, not a minute or ten later. */
describe('Uploads interrupted before a start', () => {
  let platform: TestPlatform;
  let bank: Awaited<ReturnType<typeof approvedInstitution>>;
  beforeAll(async () => {
    platform = await startTestPlatform();
    bank = await approvedInstitution(platform, await signInAsAdmin(platform));
  });
  afterAll(async () => platform.close());

  /** A batch whose upload began `agoMs` ago and stopped after its first chunk, as a killed process leaves it. */
  async function halfUploaded(batchId: number, agoMs: number): Promise<number> {
    const { headers, rows } = starterRows(3);
    const metadata = {
      actor: { id: String(bank.id), role: 'institution' as const, name: bank.name },
      institutionId: bank.id,
      correlationId: `half-${batchId}`,
      occurredAt: new Date(Date.now() - agoMs).toISOString(),
    };
    const head = (await platform.store.head()).position;
    const { position } = await platform.store.append(`batch-${batchId}`, [
      {
        id: deterministicEventId(`batch-${batchId}/0`),
        type: 'BatchUploadStarted',
        data: {
          batchId,
          institutionId: bank.id,
          name: `Half ${batchId}`,
          description: null,
          fileName: 'half.csv',
          fileType: 'csv',
          totalRows: 6,
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
        data: { batchId, chunk: 0, rowNumbers: [2, 3, 4], rows },
        metadata,
      },
    ]);
    return position;
  }

  const status = async (batchId: number, position: number) =>
    (await platform.request(`/api/csv/batch/${batchId}`, { headers: { ...bearer(bank.token), 'X-Min-Position': String(position) } })).body
      .data;

  it('should fail, at a restart, a batch left open for more than ten minutes, without waiting for the minute job', async () => {
    const position = await halfUploaded(9101, 3_600_000);
    expect(await status(9101, position)).toMatchObject({ status: 'processing' });
    await platform.restart();
    const deadline = Date.now() + 20_000;
    let batch = await status(9101, position);
    while (batch.status === 'processing' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      batch = await status(9101, (await platform.store.head()).position);
    }
    expect(batch).toMatchObject({ status: 'failed' });
    expect(JSON.stringify(batch)).toContain(INTERRUPTED_REASON);
  });

  it('should fail every batch begun before the start when this process owns the database, and none begun after', async () => {
    const logger = pino({ level: 'silent' });
    const recent = await halfUploaded(9102, 60_000);
    const sweep = (exclusive: boolean) =>
      failUploadsInterruptedBeforeStart({
        store: platform.store,
        knex: platform.knex,
        projections: allProjections(platform.store),
        exclusive,
        logger,
      });
    // Shared PostgreSQL: another process may still be uploading it, so a minute-old batch is left alone.
    expect(await sweep(false)).toEqual([]);
    // Own embedded server: nobody else can be uploading; but a batch begun after this start is not touched.
    const started = sweep(true);
    const later = await halfUploaded(9103, -5_000);
    expect(await started).toEqual([9102]);
    expect(await status(9102, recent)).toMatchObject({ status: 'failed' });
    expect(await status(9103, later)).toMatchObject({ status: 'processing' });
  });
});
