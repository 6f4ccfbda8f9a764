import { clientRecordsUploaded, isEventOf, type EventStore } from '@credit/events';

/** A batch's chunk of accepted records. */
export const isRecordChunk = isEventOf([clientRecordsUploaded]);

/** Record chunks follow BatchUploadStarted in the batch's stream, so chunk n is revision n + 1. */
export const chunkRevision = (chunk: number) => chunk + 1;

/**
 * Chunks of batches' records read back from the log one at a time (a client's explanation, a compare
 * page), the most recently used kept: a stored chunk never changes, and the clients an analyst opens
 * one after another share chunks (about 1 100 records each, 110 KB of JSON to read and parse). A
 * chunk not in the log yet, or a read that failed, is read again next time. Callers must not change
 * the rows they are given.
 */
export class RecordChunks {
  private readonly kept = new Map<string, Promise<string[][]>>();

  constructor(
    private readonly store: EventStore,
    private readonly capacity = 32,
  ) {}

  rows(batchId: number, chunk: number): Promise<string[][]> {
    const key = `${batchId}/${chunk}`;
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    const read = this.read(batchId, chunk);
    this.kept.set(key, read);
    const forget = () => this.kept.get(key) === read && this.kept.delete(key);
    read.then((rows) => rows.length === 0 && forget(), forget);
    if (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value as string);
    return read;
  }

  private async read(batchId: number, chunk: number): Promise<string[][]> {
    const [event] = await this.store.readStream(`batch-${batchId}`, { fromRevision: chunkRevision(chunk), maxCount: 1 });
    return event && isRecordChunk(event) && event.data.chunk === chunk ? event.data.rows : [];
  }
}
