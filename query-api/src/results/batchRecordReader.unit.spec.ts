import { batchRecordReader } from './batchRecordReader';
import type { ResultScoringPort } from './resultScoringPort';

/** A batch of 20 chunks of one record each, as the log holds them; every read it answers is recorded. */
function batchOfTwentyChunks() {
  const reads: [number, number][] = [];
  const batchChunks: ResultScoringPort['batchChunks'] = async (_batchId, first, count) => {
    reads.push([first, count]);
    const chunks = new Map<number, string[][]>();
    for (let chunk = first; chunk < Math.min(20, first + count); chunk++) chunks.set(chunk, [[`R${chunk}`]]);
    return chunks;
  };
  return { port: { batchChunks } as ResultScoringPort, reads };
}

describe("Reading a batch's records from the log", () => {
  it('should read a page’s chunks alone, each once, when asked one chunk at a time', async () => {
    const { port, reads } = batchOfTwentyChunks();
    const record = batchRecordReader(port, 1, { chunksPerRead: 1 });
    const read = [];
    for (const chunk of [0, 0, 1, 3, 3]) read.push((await record(chunk))?.[0][0]);
    expect(read).toEqual(['R0', 'R0', 'R1', 'R3', 'R3']);
    expect(reads).toEqual([
      [0, 1],
      [1, 1],
      [3, 1],
    ]);
  });

  it('should walk a whole batch eight chunks at a time, reading the next eight ahead when asked', async () => {
    const { port, reads } = batchOfTwentyChunks();
    const record = batchRecordReader(port, 1, { readAhead: true });
    for (let chunk = 0; chunk < 20; chunk++) expect((await record(chunk))?.[0][0]).toBe(`R${chunk}`);
    expect(reads).toEqual([
      [0, 8],
      [8, 8],
      [16, 8],
      [24, 8],
    ]);
  });
});
