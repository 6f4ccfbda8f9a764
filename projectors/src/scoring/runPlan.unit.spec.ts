import { compileModel, generateRows, resolveColumns, starterModel } from '@credit/scoring';
import { handWorkedModel } from '../../../scoring/src/handWorkedModel.testFixture';
import { planRun, repeatedReferences, type RecordChunk } from './runPlan';

// The hand-worked model (scoring/src/handWorkedModel.testFixture.ts): Income 400, owns a home, rated
// fair gives 670 000 XAF at 14.1 %; Income 0, no home, rated poor gives 0 XAF at 18.4 %.
const headers = ['Reference', 'Name', 'Phone', 'Email', 'Income', 'Owns home', 'Rating'];
const compiled = compileModel(handWorkedModel());
const scoring = { compiled, columns: resolveColumns(compiled, headers) };
const batch = { id: 7, institutionId: 3, headers, modelVersion: 42 };

const chunk = (number: number, firstRow: number, rows: string[][]): RecordChunk => ({
  batchId: 7,
  chunk: number,
  rowNumbers: rows.map((_, index) => firstRow + index),
  rows,
});

describe('Planning a run of record chunks', () => {
  const run = [
    chunk(0, 2, [
      [' C1 ', ' Amina Fotso ', '690 00 00 00', 'amina@example.cm', '400', 'yes', 'fair'],
      ['C2', 'Jean Mbarga', '', '', 'a lot', 'no', 'good'],
    ]),
    // Row 4 was refused by the upload's checks, so the next chunk starts at row 5.
    chunk(1, 5, [['C3', 'Paul Ekotto', '677 11 22 33', 'paul@example.cm', '0', 'no', 'poor']]),
  ];
  const plan = planRun(batch, run, scoring);

  it('should give each record that scores a result, numbered in file order, where its record sits', () => {
    expect(plan.results).toEqual([
      {
        nth: 0,
        reference: 'C1',
        rowNumber: 2,
        creditLimit: 670_000,
        interestRate: 14.1,
        creditLimitWeights: expect.closeTo(0.57, 12),
        interestRateWeights: expect.closeTo(0.59, 12),
        chunk: 0,
        chunkRow: 0,
      },
      {
        nth: 1,
        reference: 'C3',
        rowNumber: 5,
        creditLimit: 0,
        interestRate: 18.4,
        creditLimitWeights: expect.closeTo(0.08, 12),
        interestRateWeights: expect.closeTo(0.16, 12),
        chunk: 1,
        chunkRow: 0,
      },
    ]);
  });

  it('should name a client for every record, trimmed, with its result or none when it did not score', () => {
    expect(plan.clients).toEqual([
      { reference: 'C1', name: 'Amina Fotso', phone: '690 00 00 00', email: 'amina@example.cm', result: plan.results[0] },
      { reference: 'C2', name: 'Jean Mbarga', phone: '', email: '', result: null },
      { reference: 'C3', name: 'Paul Ekotto', phone: '677 11 22 33', email: 'paul@example.cm', result: plan.results[1] },
    ]);
  });

  it('should count the records that scored as processed and the others as failed', () => {
    expect({ scored: plan.scored, unscored: plan.unscored }).toEqual({ scored: 2, unscored: 1 });
  });

  it('should leave an identity field blank when the file has no column for it', () => {
    const bare = ['Reference', 'Income', 'Owns home', 'Rating'];
    const bareScoring = { compiled, columns: resolveColumns(compiled, bare) };
    const { clients } = planRun({ ...batch, headers: bare }, [chunk(0, 2, [['C9', '400', 'yes', 'fair']])], bareScoring);
    expect(clients).toEqual([
      { reference: 'C9', name: '', phone: '', email: '', result: expect.objectContaining({ creditLimit: 670_000 }) },
    ]);
  });

  it('should plan nothing for a chunk without records', () => {
    expect(planRun(batch, [chunk(0, 2, [])], scoring)).toEqual({ clients: [], results: [], scored: 0, unscored: 0 });
  });
});

describe("Planning a run of the starter model's generated records", () => {
  const model = starterModel();
  const starter = compileModel({ version: 1, ...model });
  const generated = generateRows(model, 60, 21, { invalidRate: 0.1 });
  const fileHeaders = [...generated.headers];
  const rows = generated.rows.map((row) => [...row]);
  const starterScoring = { compiled: starter, columns: resolveColumns(starter, fileHeaders) };
  const starterBatch = { ...batch, headers: fileHeaders };
  const chunks = [chunk(0, 2, rows.slice(0, 25)), chunk(1, 27, rows.slice(25, 40)), chunk(2, 42, rows.slice(40))];

  it('should plan the run as its chunks one at a time, the results numbered on', () => {
    const whole = planRun(starterBatch, chunks, starterScoring);
    const one = chunks.map((each) => planRun(starterBatch, [each], starterScoring));
    let before = 0;
    const numberedOn = one.flatMap((plan) => {
      const results = plan.results.map((result) => ({ ...result, nth: before + result.nth }));
      before += results.length;
      return results;
    });
    expect(whole.results).toEqual(numberedOn);
    expect(whole.clients.map((client) => client.reference)).toEqual(one.flatMap((plan) => plan.clients.map((client) => client.reference)));
    expect({ scored: whole.scored, unscored: whole.unscored }).toEqual({
      scored: one.reduce((sum, plan) => sum + plan.scored, 0),
      unscored: one.reduce((sum, plan) => sum + plan.unscored, 0),
    });
  });

  it('should leave out of the results exactly the records the model refuses', () => {
    const plan = planRun(starterBatch, chunks, starterScoring);
    expect(plan.unscored).toBeGreaterThan(0);
    expect(plan.scored + plan.unscored).toBe(60);
    const refused = plan.clients.filter((client) => client.result === null).map((client) => client.reference);
    expect(plan.results.map((result) => result.reference)).toEqual(
      plan.clients.map((client) => client.reference).filter((reference) => !refused.includes(reference)),
    );
    expect(new Set(plan.results.map((result) => result.rowNumber)).size).toBe(plan.scored);
  });
});

describe('References a run repeats', () => {
  const row = (reference: string) => [reference, 'Someone', '', '', '400', 'yes', 'fair'];

  it('should find none when every record names its own client', () => {
    expect(repeatedReferences(headers, [chunk(0, 2, [row('C1'), row('C2')]), chunk(1, 4, [row('C3')])])).toEqual([]);
  });

  it('should find a reference met in two chunks, or twice in one, once each, as trimmed', () => {
    const run = [chunk(0, 2, [row('C1'), row('C2'), row(' C2')]), chunk(1, 5, [row('C1 '), row('C3'), row('C1')])];
    expect(repeatedReferences(headers, run)).toEqual(['C2', 'C1']);
  });

  it('should count every record of a file without a reference column as the same client', () => {
    expect(repeatedReferences(['Income'], [chunk(0, 2, [['400'], ['500']])])).toEqual(['']);
  });
});
