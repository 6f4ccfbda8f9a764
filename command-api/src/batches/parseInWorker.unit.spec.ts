import { generateRows, starterModel } from '@credit/scoring';
import { checkRecords } from './checkRecords';
import { ParsePool } from './parseInWorker';
import { parseUpload, UnreadableFileError } from './parseUpload';

/** Two million short rows: a few seconds and a few hundred MB to read, a 8 MB file. */
const bigCsv = () => Buffer.from(`reference_number,name\n${'R,Zoé\n'.repeat(2_000_000)}`);

describe('Reading uploads in worker threads', () => {
  const pools: ParsePool[] = [];
  const pool = (limits: Partial<ConstructorParameters<typeof ParsePool>[0]> = {}) => {
    const created = new ParsePool({ memoryMb: 256, seconds: 30, workers: 1, idleSeconds: 5, ...limits });
    pools.push(created);
    return created;
  };
  afterAll(() => Promise.all(pools.map((created) => created.close())));

  it('should read a file as parseUpload does, in TypeScript loaded by the worker itself', async () => {
    const sheet = await pool().parse(Buffer.from('reference_number,name\nR1,Zoé Ngono\n'), 'csv');
    expect(sheet).toEqual({ headers: ['reference_number', 'name'], rows: [['R1', 'Zoé Ngono']], rowNumbers: [2] });
  });

  it("should pass the parser's refusal on as it is", async () => {
    await expect(pool().parse(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), 'xlsx')).rejects.toEqual(
      new UnreadableFileError('The Excel workbook could not be read: the file is truncated'),
    );
  });

  it('should refuse a file that needs more than the memory cap, and read the next one with a new worker', async () => {
    const capped = pool({ memoryMb: 32 });
    await expect(capped.parse(bigCsv(), 'csv')).rejects.toEqual(
      new UnreadableFileError('The file needs more memory to read than an upload may use (32 MB); split it into smaller files'),
    );
    await expect(capped.parse(Buffer.from('reference_number\nR1\n'), 'csv')).resolves.toMatchObject({ rows: [['R1']] });
  });

  it('should refuse a file that takes longer than the time limit, ending its worker', async () => {
    const hurried = pool({ seconds: 0.2 });
    await hurried.parse(Buffer.from('reference_number\nR1\n'), 'csv'); // its worker started
    const started = performance.now();
    await expect(hurried.parse(bigCsv(), 'csv')).rejects.toEqual(
      new UnreadableFileError('The file takes more than 0.2 seconds to read; split it into smaller files'),
    );
    expect(performance.now() - started).toBeLessThan(1_500);
    await expect(hurried.parse(Buffer.from('reference_number\nR2\n'), 'csv')).resolves.toMatchObject({ rows: [['R2']] });
  });

  it('should read files one after another when they come together, past the number of workers', async () => {
    const single = pool({ workers: 1 });
    const sheets = await Promise.all(
      ['R1', 'R2', 'R3'].map((reference) => single.parse(Buffer.from(`reference_number\n${reference}\n`), 'csv')),
    );
    expect(sheets.map((sheet) => sheet.rows[0][0])).toEqual(['R1', 'R2', 'R3']);
  });

  it('should keep the ready workers started before any upload and past the idle time, and end the others', async () => {
    const waitAWhile = () => new Promise((resolve) => setTimeout(resolve, 600));
    const serving = pool({ ready: 1, idleSeconds: 0.2 });
    expect(serving.waiting).toBe(0);
    await serving.warm();
    expect(serving.waiting).toBe(1);
    await serving.warm(); // already there: no second one
    expect(serving.waiting).toBe(1);
    await expect(serving.parse(Buffer.from('reference_number\nR1\n'), 'csv')).resolves.toMatchObject({ rows: [['R1']] });
    await waitAWhile();
    expect(serving.waiting).toBe(1);

    const plain = pool({ idleSeconds: 0.2 });
    await plain.warm(); // nothing asked to be ready
    expect(plain.waiting).toBe(0);
    await plain.parse(Buffer.from('reference_number\nR1\n'), 'csv');
    expect(plain.waiting).toBe(1);
    await waitAWhile();
    expect(plain.waiting).toBe(0);
  });

  it('should start a ready worker again when an upload ended the one that was waiting', async () => {
    const serving = pool({ ready: 1, memoryMb: 32 });
    await serving.warm();
    await expect(serving.parse(bigCsv(), 'csv')).rejects.toBeInstanceOf(UnreadableFileError);
    const deadline = Date.now() + 20_000;
    while (serving.waiting === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(serving.waiting).toBe(1);
    await expect(serving.parse(Buffer.from('reference_number\nR2\n'), 'csv')).resolves.toMatchObject({ rows: [['R2']] });
  });

  it('should check the records against the model in the worker, as checkRecords does in the process, and serialise the accepted ones as the batch chunks', async () => {
    const model = { snapshot: { version: 1, ...starterModel() }, parameters: {} };
    const generated = generateRows(model.snapshot, 4_000, 11, { missingRate: 0.1, invalidRate: 0.1 });
    const quoted = (cell: string) => `"${cell.replace(/"/g, '""')}"`;
    const file = Buffer.from([generated.headers, ...generated.rows].map((row) => row.map(quoted).join(',')).join('\n'));
    const read = await pool().read(file, 'csv', model, 7);
    const sheet = parseUpload(file, 'csv');
    const checked = checkRecords(sheet, model.snapshot, {});
    const { recordChunks, ...counts } = read;
    expect(counts).toEqual({
      headers: sheet.headers,
      totalRows: 4_000,
      missingColumns: [],
      acceptedRows: checked.accepted.rows.length,
      rejectedRows: checked.rejectedRows,
      errors: checked.errors,
    });
    // The chunks' payloads, in order, hold exactly the accepted records of batch 7.
    expect(recordChunks.map((chunk) => chunk.type)).toEqual(recordChunks.map(() => 'ClientRecordsUploaded'));
    const payloads = recordChunks.map((chunk) => JSON.parse(chunk.json));
    expect(payloads.map(({ batchId, chunk }) => ({ batchId, chunk }))).toEqual(payloads.map((_, index) => ({ batchId: 7, chunk: index })));
    expect(payloads.flatMap((payload) => payload.rows)).toEqual(checked.accepted.rows);
    expect(payloads.flatMap((payload) => payload.rowNumbers)).toEqual(checked.accepted.rowNumbers);
    // Several chunks and both kinds of record, so the comparison means something.
    expect(recordChunks.length).toBeGreaterThan(1);
    expect(checked.accepted.rows.length).toBeGreaterThan(0);
    expect(checked.rejectedRows).toBeGreaterThan(0);
  });
});
