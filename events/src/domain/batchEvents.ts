import { z } from 'zod';
import { defineEvent, isEventOf, type DataOf, type EventOf } from '../catalogue';

const batchId = z.number().int().positive();
const cellError = z.object({ row: z.number().int(), column: z.string(), reason: z.string() });

/** A batch opens with the model version (log position) that will score it, and the file's shape. */
export const batchUploadStarted = defineEvent(
  'BatchUploadStarted',
  z.object({
    batchId,
    institutionId: z.number().int().positive(),
    name: z.string().min(1),
    description: z.string().nullable(),
    fileName: z.string(),
    fileType: z.enum(['csv', 'xlsx', 'xls']),
    totalRows: z.number().int().nonnegative(),
    headers: z.array(z.string()),
    modelVersion: z.number().int().nonnegative(),
    modelHash: z.string(),
    chunkCount: z.number().int().nonnegative(),
    /** SHA-256 of the uploaded file, so a resumed upload can prove it is the same file. */
    fileHash: z.string().optional(),
  }),
);

/**
 * Rows of text cells, checked in one plain loop: a chunk holds tens of thousands of cells, and a
 * schema per cell costs more than writing the chunk to the log.
 */
const textRows = z.custom<string[][]>(
  (value) => Array.isArray(value) && value.every((row) => Array.isArray(row) && row.every((cell) => typeof cell === 'string')),
  'rows must be lists of text cells',
);
const rowNumbers = z.custom<number[]>(
  (value) => Array.isArray(value) && value.every((number) => Number.isSafeInteger(number)),
  'rowNumbers must be whole numbers',
);

/** One chunk of accepted client records, each a row of cells in `headers` order; kept well under 1 MiB. */
export const clientRecordsUploaded = defineEvent(
  'ClientRecordsUploaded',
  z.object({ batchId, chunk: z.number().int().nonnegative(), rowNumbers, rows: textRows }),
);

export const batchRowsRejected = defineEvent(
  'BatchRowsRejected',
  z.object({ batchId, chunk: z.number().int().nonnegative(), errors: z.array(cellError) }),
);

export const batchUploadCompleted = defineEvent(
  'BatchUploadCompleted',
  z.object({ batchId, acceptedRows: z.number().int().nonnegative(), rejectedRows: z.number().int().nonnegative() }),
);

export const batchUploadFailed = defineEvent('BatchUploadFailed', z.object({ batchId, reason: z.string() }));

export const resultsExported = defineEvent(
  'ResultsExported',
  z.object({
    institutionId: z.number().int().positive().nullable(),
    batchId: z.number().int().positive().nullable(),
    rows: z.number().int().nonnegative(),
    format: z.string(),
  }),
);

export const batchEvents = [
  batchUploadStarted,
  clientRecordsUploaded,
  batchRowsRejected,
  batchUploadCompleted,
  batchUploadFailed,
  resultsExported,
];

export type BatchUploadStartedData = DataOf<typeof batchUploadStarted>;
export type ClientRecordsUploadedData = DataOf<typeof clientRecordsUploaded>;
export type BatchRowsRejectedData = DataOf<typeof batchRowsRejected>;
export type BatchUploadCompletedData = DataOf<typeof batchUploadCompleted>;
export type BatchUploadFailedData = DataOf<typeof batchUploadFailed>;
export type ResultsExportedData = DataOf<typeof resultsExported>;

export type BatchUploadStarted = EventOf<typeof batchUploadStarted>;
export type ClientRecordsUploaded = EventOf<typeof clientRecordsUploaded>;
export type BatchRowsRejected = EventOf<typeof batchRowsRejected>;
export type BatchUploadCompleted = EventOf<typeof batchUploadCompleted>;
export type BatchUploadFailed = EventOf<typeof batchUploadFailed>;
export type ResultsExported = EventOf<typeof resultsExported>;

/** Every event of a batch's stream (and the export record): a switch on `type` narrows `data`. */
export type BatchEvent = EventOf<(typeof batchEvents)[number]>;

/** Whether a stored event is one of these (its payload then as the catalogue checked it). */
export const isBatchEvent = isEventOf(batchEvents);
