import type { EventStore } from '@credit/events';
import { RecordChunks } from '@credit/projectors/src/scoring/recordChunks';
import { approvedInstitution, signInAsAdmin } from '../support/actors';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';

/** The platform's own store, with each batch stream it reads recorded. */
function observed(store: EventStore) {
  const reads: string[] = [];
  const watched = new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'readStream') {
        return (stream: string, options?: Parameters<EventStore['readStream']>[1]) => {
          reads.push(`${stream}@${options?.fromRevision ?? 0}`);
          return target.readStream(stream, options);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: watched, reads };
}

describe('Record chunks read back from the log', () => {
  let platform: TestPlatform;
  let batchIds: number[];
  const { headers, rows } = starterRows(12, 31);

  beforeAll(async () => {
    platform = await startTestPlatform();
    const bank = await approvedInstitution(platform, await signInAsAdmin(platform));
    batchIds = [];
    for (const name of ['first', 'second', 'third']) {
      const response = await upload(platform, bank.token, { name: `${name}.csv`, content: csvOf(headers, rows) }, { batchName: name });
      expect(response.status).toBe(201);
      await settledBatch(platform, bank.token, response.body.data.batch.id, response.body.position);
      batchIds.push(response.body.data.batch.id);
    }
  });
  afterAll(async () => platform.close());

  it('should read a chunk once while it is kept, the least recently used leaving first', async () => {
    const { store, reads } = observed(platform.store);
    const chunks = new RecordChunks(store, 2);
    const [first, second, third] = batchIds;
    const stored = await chunks.rows(first, 0);
    expect(stored.map((row) => row[headers.indexOf('reference_number')])).toEqual(
      rows.map((row) => row[headers.indexOf('reference_number')]),
    );
    expect(await chunks.rows(first, 0)).toBe(stored);
    await chunks.rows(second, 0);
    await chunks.rows(first, 0); // used again: the second batch's chunk is now the oldest
    await chunks.rows(third, 0); // past the capacity of 2: the second batch's chunk leaves
    await chunks.rows(first, 0);
    await chunks.rows(second, 0);
    expect(reads).toEqual([`batch-${first}@1`, `batch-${second}@1`, `batch-${third}@1`, `batch-${second}@1`]);
  });

  it('should read again a chunk the log does not hold (yet)', async () => {
    const { store, reads } = observed(platform.store);
    const chunks = new RecordChunks(store);
    expect(await chunks.rows(batchIds[0], 5)).toEqual([]);
    expect(await chunks.rows(batchIds[0], 5)).toEqual([]);
    expect(reads).toHaveLength(2);
  });
});
