import { createHash } from 'node:crypto';
import {
  batchEvents,
  ConflictError,
  deterministicEventId,
  isEventOf,
  SerialisedPayload,
  type BatchEvent,
  type RecordedEvent,
  type AppendResult,
  type EventMetadata,
  type ExpectedRevision,
} from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { chunkErrors } from './batchChunks';
import type { RowError } from './checkRecords';
import { readInWorker } from './parseInWorker';
import type { FileType } from './fileType';
import { UnreadableFileError } from './unreadableFile';

export type BatchUpload = {
  batchId: number;
  institutionId: number;
  name: string;
  description: string | null;
  fileName: string;
  fileType: FileType;
  file: Buffer;
  metadata: EventMetadata;
};

export type UploadOutcome = {
  status: 'processing' | 'failed';
  reason: string | null;
  totalRows: number;
  acceptedRows: number;
  rejectedRows: number;
  errors: RowError[];
  modelVersion: number;
  result: AppendResult;
};

const EVENTS_PER_APPEND = 16;

export const batchStream = (batchId: number): string => `batch-${batchId}`;

const isBatchEvent = isEventOf(batchEvents);

/** A batch event as appended: a chunk of records comes serialised from the reader's worker. */
type UploadEvent = BatchEvent | { type: 'ClientRecordsUploaded'; data: SerialisedPayload };

/**
 * Turns an uploaded file into the batch's events: started (with the model version that will score
 * it), the accepted records and the error report in chunks, then completed, or failed with the
 * reason when the file cannot be read. Event ids derive from the batch id and their index, so a
 * retried append is a no-op and the batch's stream is written exactly once; an upload interrupted
 * half-way is resumed by sending the same file again with the same Idempotency-Key.
 */
export async function uploadBatch(deps: CommandDeps, upload: BatchUpload): Promise<UploadOutcome> {
  const fileHash = createHash('sha256').update(upload.file).digest('hex');
  // A resumed upload (same Idempotency-Key) continues the batch's stream with the model version it
  // started with; its events get the same ids, so what was stored already is skipped.
  const stored = await deps.store.readStream(batchStream(upload.batchId));
  const first = stored.filter(isBatchEvent)[0];
  const original = first?.type === 'BatchUploadStarted' ? first.data : undefined;
  if (original && original.fileHash !== fileHash) {
    throw new ConflictError('This Idempotency-Key was already used for a different file');
  }
  const modelVersion = original ? original.modelVersion : (await deps.store.head()).position;
  const [model, parameters] = await Promise.all([
    deps.models.modelAt(modelVersion),
    deps.models.parametersAt(upload.institutionId, modelVersion),
  ]);
  const started = (totalRows: number, headers: string[], chunkCount: number): BatchEvent => ({
    type: 'BatchUploadStarted',
    data: {
      batchId: upload.batchId,
      institutionId: upload.institutionId,
      name: upload.name,
      description: upload.description,
      fileName: upload.fileName,
      fileType: upload.fileType,
      totalRows,
      headers,
      modelVersion,
      modelHash: model.hash,
      chunkCount,
      fileHash,
    },
  });
  const failedOutcome = (reason: string, totalRows: number, result: AppendResult): UploadOutcome => ({
    status: 'failed',
    reason,
    totalRows,
    acceptedRows: 0,
    rejectedRows: totalRows,
    errors: [],
    modelVersion,
    result,
  });
  const failed = async (reason: string, totalRows = 0, headers: string[] = []): Promise<UploadOutcome> => {
    const written = await appendInGroups(
      deps,
      upload,
      [started(totalRows, headers, 0), { type: 'BatchUploadFailed', data: { batchId: upload.batchId, reason } }],
      stored,
    );
    return failedOutcome(written.failedWith ?? reason, totalRows, written.result);
  };

  let read;
  try {
    read = await readInWorker(upload.file, upload.fileType, { snapshot: model.snapshot, parameters }, upload.batchId);
  } catch (error) {
    if (error instanceof UnreadableFileError) return failed(error.message);
    throw error;
  }
  if (read.missingColumns.length > 0) {
    return failed(`The file is missing required columns: ${read.missingColumns.join(', ')}`, read.totalRows, read.headers);
  }
  const events: UploadEvent[] = [
    started(read.totalRows, read.headers, read.recordChunks.length),
    ...read.recordChunks.map((chunk) => ({ type: 'ClientRecordsUploaded' as const, data: SerialisedPayload.posted(chunk) })),
    ...chunkErrors(read.errors).map((errors, index) => ({
      type: 'BatchRowsRejected' as const,
      data: { batchId: upload.batchId, chunk: index, errors },
    })),
    {
      type: 'BatchUploadCompleted',
      data: { batchId: upload.batchId, acceptedRows: read.acceptedRows, rejectedRows: read.rejectedRows },
    },
  ];
  const written = await appendInGroups(deps, upload, events, stored);
  if (written.failedWith !== null) return failedOutcome(written.failedWith, read.totalRows, written.result);
  const result = written.result;
  return {
    status: 'processing',
    reason: null,
    totalRows: read.totalRows,
    acceptedRows: read.acceptedRows,
    rejectedRows: read.rejectedRows,
    errors: read.errors,
    modelVersion,
    result,
  };
}

/**
 * Appends the batch's events in groups, each with the revision the previous one reached. A resumed
 * upload first checks that its stream holds a prefix of these very events (same ids, same types)
 * and skips it, so every event is stored once whichever attempt stored it. A batch the system has
 * meanwhile failed as interrupted is not reopened: the answer is its failure.
 */
async function appendInGroups(
  deps: CommandDeps,
  upload: BatchUpload,
  events: UploadEvent[],
  stored: RecordedEvent[],
): Promise<{ result: AppendResult; failedWith: string | null }> {
  const stream = batchStream(upload.batchId);
  const idOf = (index: number) => deterministicEventId(`${stream}/${index}`);
  const lastStored = stored[stored.length - 1];
  const asStored = lastStored ? { position: lastStored.position, revision: lastStored.revision, appended: false } : null;
  if (stored.some((event, index) => event.id !== idOf(index) || event.type !== events[index]?.type)) {
    const failure = stored.filter(isBatchEvent).find((event) => event.type === 'BatchUploadFailed');
    if (failure?.type === 'BatchUploadFailed' && asStored) return { result: asStored, failedWith: failure.data.reason };
    throw new ConflictError(
      'This upload cannot be resumed: its batch holds other events. Upload the file again with a new Idempotency-Key.',
    );
  }
  let last: AppendResult | null = asStored;
  let expected: ExpectedRevision = lastStored ? lastStored.revision : 'no_stream';
  for (let start = stored.length; start < events.length; start += EVENTS_PER_APPEND) {
    const group = events.slice(start, start + EVENTS_PER_APPEND).map((event, offset) => ({
      id: idOf(start + offset),
      type: event.type,
      data: event.data,
      metadata: upload.metadata,
    }));
    last = await withRetries(() => deps.store.append(stream, group, { expectedRevision: expected }));
    expected = last.revision;
  }
  return { result: last as AppendResult, failedWith: null };
}

/** A transient database error retries the same, idempotent append. */
async function withRetries<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (attempt >= attempts || (status !== undefined && status < 500)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
