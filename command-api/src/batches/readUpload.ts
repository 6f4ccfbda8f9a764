import { SerialisedPayload, type PostedPayload } from '@credit/events/src/serialisedPayload';
import { clientRecordsUploaded } from '@credit/events/src/domain/batchEvents';
import type { InstitutionParameterValues, ModelSnapshot } from '@credit/scoring';
import { chunkRecords } from './batchChunks';
import { checkRecords, type RowError } from './checkRecords';
import type { FileType } from './fileType';
import { parseUpload } from './parseUpload';

/** The model an upload is checked against: the model and the institution's parameters as of the upload. */
export type UploadModel = { snapshot: ModelSnapshot; parameters: InstitutionParameterValues };

/**
 * An upload read and checked: its header row, how many records it holds, the required columns it
 * lacks, the refused records' errors, and the accepted records as the payloads of the batch's
 * ClientRecordsUploaded events, in order, checked and serialised (as a message carries them).
 */
export type ReadUpload = {
  headers: string[];
  totalRows: number;
  missingColumns: string[];
  acceptedRows: number;
  rejectedRows: number;
  errors: RowError[];
  recordChunks: PostedPayload[];
};

/**
 * Reads an upload, checks its records against the model and serialises the accepted ones as batch
 * `batchId`'s record chunks, all in the reader's worker thread (parseInWorker): what comes back is
 * a few strings, not 100 000 records as objects, and the process that serves everyone neither reads,
 * checks nor serialises them (receiving them as objects and serialising them again took its event
 * loop 0.3–0.6 s at 100 000 records).
 */
export function readUpload(file: Buffer, fileType: FileType, model: UploadModel, batchId: number): ReadUpload {
  const sheet = parseUpload(file, fileType);
  const checked = checkRecords(sheet, model.snapshot, model.parameters);
  const chunks = chunkRecords(checked.accepted.rows, checked.accepted.rowNumbers);
  return {
    headers: sheet.headers,
    totalRows: sheet.rows.length,
    missingColumns: checked.missingColumns,
    acceptedRows: checked.accepted.rows.length,
    rejectedRows: checked.rejectedRows,
    errors: checked.errors,
    recordChunks: chunks.map((chunk, index) =>
      SerialisedPayload.of(clientRecordsUploaded, { batchId, chunk: index, rowNumbers: chunk.rowNumbers, rows: chunk.rows }).toPosted(),
    ),
  };
}
