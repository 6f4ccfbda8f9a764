import type { Knex } from 'knex';
import { ModelCompileError } from '@credit/scoring';
import { applyPage, pageSteps, type ScoringSteps } from './applyPage';
import type { RecordsUploaded, ScoringEvent } from './scoringEvents';

const T1 = '2026-11-27T10:00:00.000Z';
const T2 = '2026-11-27T10:05:00.000Z';

let position = 0;
const recorded = <Event extends ScoringEvent>(type: Event['type'], data: Event['data'], occurredAt = T1) =>
  ({
    id: `event-${++position}`,
    streamId: `batch-${data.batchId}`,
    revision: position,
    position,
    type,
    schemaVersion: 1,
    data,
    metadata: { actor: { id: '1', role: 'institution', name: 'Bank' }, institutionId: 1, correlationId: 'c', occurredAt },
    recordedAt: occurredAt,
  }) as Event;

const chunk = (batchId: number, number: number, occurredAt = T1) =>
  recorded<RecordsUploaded>('ClientRecordsUploaded', { batchId, chunk: number, rowNumbers: [2], rows: [['C1']] }, occurredAt);
const rejected = (batchId: number) => recorded('BatchRowsRejected', { batchId, chunk: 0, errors: [] });
const started = (batchId: number) =>
  recorded('BatchUploadStarted', {
    batchId,
    institutionId: 1,
    name: 'Batch',
    description: null,
    fileName: 'f.csv',
    fileType: 'csv',
    totalRows: 1,
    headers: ['Reference'],
    modelVersion: 1,
    modelHash: 'h',
    chunkCount: 1,
  });

/** A transaction whose savepoints only run their work (no database: the steps are fakes). */
function fakeTransaction() {
  const trx = { transaction: (work: (savepoint: unknown) => Promise<unknown>) => work(trx) };
  return trx as unknown as Knex.Transaction;
}

const pgError = (code: string) => Object.assign(new Error(`PostgreSQL ${code}`), { code });

/** Steps that log what they are asked, answering by what was asked: done, 'repeats a client', or an error thrown. */
function loggingSteps(answer: (what: string) => 'done' | 'repeats a client' | Error = () => 'done') {
  const log: string[] = [];
  const settle = async <T>(what: string, value: T) => {
    log.push(what);
    const outcome = answer(what);
    if (outcome instanceof Error) throw outcome;
    return outcome === 'done' ? value : outcome;
  };
  const steps: ScoringSteps = {
    scoreRun: (chunks) => settle(`score ${chunks.map((one) => `${one.data.batchId}/${one.data.chunk}`).join(',')}`, 'done' as const),
    apply: (event) => settle(`apply ${event.type} ${event.data.batchId}`, undefined).then(() => undefined),
    failBatch: async (_trx, batchId, reason, at) => void log.push(`fail ${batchId}: ${reason} at ${at}`),
  };
  return { log, steps };
}

describe('A page split into steps', () => {
  it('should keep together consecutive chunks of one batch written at one time, and every other event alone', () => {
    const page = [chunk(1, 0), chunk(1, 1), chunk(2, 0), chunk(1, 2), chunk(1, 3, T2), rejected(1), chunk(1, 4, T2), chunk(1, 5, T2)];
    const steps = pageSteps(page).map((step) =>
      'event' in step ? step.event.type : step.chunks.map((one) => `${one.data.batchId}/${one.data.chunk}`).join(','),
    );
    expect(steps).toEqual(['1/0,1/1', '2/0', '1/2', '1/3', 'BatchRowsRejected', '1/4,1/5']);
  });
});

describe('Applying a page', () => {
  it('should score a run whole when it neither repeats a client nor fails', async () => {
    const { log, steps } = loggingSteps();
    await applyPage([started(1), chunk(1, 0), chunk(1, 1), chunk(1, 2)], fakeTransaction(), steps);
    expect(log).toEqual(['apply BatchUploadStarted 1', 'score 1/0,1/1,1/2']);
  });

  it('should score a run one chunk at a time when it repeats a client', async () => {
    const { log, steps } = loggingSteps((what) => (what === 'score 1/0,1/1' ? 'repeats a client' : 'done'));
    await applyPage([chunk(1, 0), chunk(1, 1)], fakeTransaction(), steps);
    expect(log).toEqual(['score 1/0,1/1', 'score 1/0', 'score 1/1']);
  });

  it('should go one chunk at a time when a run fails on its data, and fail the batch at the chunk that fails', async () => {
    const { log, steps } = loggingSteps((what) => (what === 'score 1/0,1/1,1/2' || what === 'score 1/1' ? pgError('23505') : 'done'));
    await applyPage([chunk(1, 0), chunk(1, 1), chunk(1, 2)], fakeTransaction(), steps);
    expect(log).toEqual([
      'score 1/0,1/1,1/2',
      'score 1/0',
      'score 1/1',
      `fail 1: Scoring failed: the records could not be stored (PostgreSQL error 23505) at ${T1}`,
      'score 1/2',
    ]);
  });

  it("should fail a batch whose model does not compile with the model's reason", async () => {
    const { log, steps } = loggingSteps(() => new ModelCompileError([{ variableId: 1, variableName: 'Income', reason: 'no range' }]));
    await applyPage([chunk(3, 0, T2)], fakeTransaction(), steps);
    expect(log).toEqual(['score 3/0', `fail 3: Scoring failed: The model cannot be compiled: Income: no range at ${T2}`]);
  });

  it('should fail the batch of a later event that fails on its data, and go on with the page', async () => {
    const { log, steps } = loggingSteps((what) => (what === 'apply BatchRowsRejected 1' ? pgError('22001') : 'done'));
    await applyPage([rejected(1), chunk(2, 0)], fakeTransaction(), steps);
    expect(log).toEqual([
      'apply BatchRowsRejected 1',
      `fail 1: Scoring failed: the records could not be stored (PostgreSQL error 22001) at ${T1}`,
      'score 2/0',
    ]);
  });

  it('should fail the page when a batch cannot open, or on a failure another try may not meet', async () => {
    const unopened = loggingSteps((what) => (what.startsWith('apply BatchUploadStarted') ? pgError('23505') : 'done'));
    await expect(applyPage([started(1), chunk(1, 0)], fakeTransaction(), unopened.steps)).rejects.toThrow('PostgreSQL 23505');
    const lost = loggingSteps(() => pgError('08006'));
    await expect(applyPage([chunk(1, 0), chunk(1, 1)], fakeTransaction(), lost.steps)).rejects.toThrow('PostgreSQL 08006');
    expect(lost.log).toEqual(['score 1/0,1/1']);
  });
});
