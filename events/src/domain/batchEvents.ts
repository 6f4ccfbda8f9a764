import { z } from 'zod';
import { defineEvent } from '../catalogue';

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

/** One chunk of accepted client records, each a row of cells in `headers` order; kept well under 1 MiB. */
export const clientRecordsUploaded = defineEvent(
  'ClientRecordsUploaded',
  z.object({ batchId, chunk: z.number().int().nonnegative(), rowNumbers: z.array(z.number().int()), rows: z.array(z.array(z.string())) }),
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
