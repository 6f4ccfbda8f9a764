import type { InstitutionParameterValues, ModelSnapshot } from '@credit/scoring';
import { checkRecords, type CheckedRecords } from './checkRecords';
import type { FileType } from './fileType';
import { parseUpload } from './parseUpload';

/** The model an upload is checked against: the model and the institution's parameters as of the upload. */
export type UploadModel = { snapshot: ModelSnapshot; parameters: InstitutionParameterValues };

/** An upload read and checked: its header row, how many records it holds, and the records accepted or refused. */
export type ReadUpload = { headers: string[]; totalRows: number; checked: CheckedRecords };

/**
 * Reads an upload and checks its records against the model, both in the reader's worker thread
 * (parseInWorker): the rows come back once, already split into accepted and refused, and the process
 * that serves everyone neither reads nor checks them.
 */
export function readUpload(file: Buffer, fileType: FileType, model: UploadModel): ReadUpload {
  const sheet = parseUpload(file, fileType);
  return { headers: sheet.headers, totalRows: sheet.rows.length, checked: checkRecords(sheet, model.snapshot, model.parameters) };
}
