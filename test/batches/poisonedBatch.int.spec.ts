import { approvedInstitution, bearer, signInAsAdmin } from '../support/actors';
import { csvOf, handWrittenBatch, settledBatch, starterRows, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';

describe('A batch whose records PostgreSQL refuses', () => {
  let platform: TestPlatform;
  afterAll(async () => platform.close());

  it('should fail that batch with the reason and keep scoring everyone else’s', async () => {
    platform = await startTestPlatform();
    const admin = await signInAsAdmin(platform);
    const poisoner = await approvedInstitution(platform, admin, 'Poison Bank');
    const victim = await approvedInstitution(platform, admin, 'Victim Bank');
    const { headers, rows } = starterRows(4);
    // Uploads never carry the same reference twice (checkRecords refuses it), so PostgreSQL's unique
    // key on the clients' references is what refuses this hand-written chunk.
    rows[1][headers.indexOf('reference_number')] = rows[0][headers.indexOf('reference_number')];
    const batchId = 7001;
    const written = handWrittenBatch(poisoner, batchId, {
      headers,
      modelVersion: (await platform.store.head()).position,
      name: 'Poisoned',
    });
    await platform.store.append(`batch-${batchId}`, [written.started(4, 1), written.chunk(0, rows), written.completed(2, 4)]);

    const { headers: goodHeaders, rows: goodRows } = starterRows(6, 5);
    const good = await upload(platform, victim.token, { name: 'good.csv', content: csvOf(goodHeaders, goodRows) });
    expect(good.status).toBe(201);
    const done = await settledBatch(platform, victim.token, good.body.data.batch.id, good.body.position);
    expect(done).toMatchObject({ status: 'completed', processed_records: 6 });

    const poisoned = await platform.request(`/api/csv/batch/${batchId}`, { headers: bearer(poisoner.token) });
    expect(poisoned.body.data.status).toBe('failed');
    expect(poisoned.body.data.failureReason).toBe('Scoring failed: the records could not be stored (PostgreSQL error 23505)');
    expect(await platform.knex('results').where({ batch_id: batchId }).count<{ count: string }[]>('* as count')).toEqual([{ count: '0' }]);
    expect(await platform.knex('clients').where({ institution_id: poisoner.id }).count<{ count: string }[]>('* as count')).toEqual([
      { count: '0' },
    ]);
    expect(
      await platform.knex('client_references').where({ institution_id: poisoner.id }).count<{ count: string }[]>('* as count'),
    ).toEqual([{ count: '0' }]);
  });
});
