import {
  compileModel,
  identityColumns,
  resolveColumns,
  scoreRow,
  type CompiledModel,
  type InstitutionParameterValues,
  type ModelSnapshot,
} from '@credit/scoring';
import type { ParsedSheet } from './parseUpload';

export type RowError = { row: number; column: string; reason: string };

/** A cell of a UTF-8 CSV that held bytes which are not UTF-8: its row is refused rather than stored garbled. */
export const UNDECODABLE_REASON = 'undecodable bytes, shown as � (not UTF-8 text): save the file as CSV UTF-8 and upload it again';

export type CheckedRecords = {
  accepted: { rows: string[][]; rowNumbers: number[] };
  errors: RowError[];
  rejectedRows: number;
  /** Required variables with no column in the file: every record would fail, so the batch fails instead. */
  missingColumns: string[];
};

/**
 * Validates every record against the model as of the upload: identity present and unique in the
 * file, every required variable readable. Scoring itself happens in the scoring projector.
 */
export function checkRecords(sheet: ParsedSheet, snapshot: ModelSnapshot, parameters: InstitutionParameterValues): CheckedRecords {
  const compiled: CompiledModel = compileModel(snapshot, parameters);
  const columns = resolveColumns(compiled, sheet.headers);
  const identity = identityColumns(sheet.headers);
  const missingColumns = identity.referenceNumber === -1 ? ['reference_number'] : [];
  compiled.variables.forEach((variable, index) => {
    if (variable.isRequired && columns.cellIndexes[index] === -1) missingColumns.push(variable.variable.name);
  });
  const accepted = { rows: [] as string[][], rowNumbers: [] as number[] };
  const errors: RowError[] = [];
  let rejectedRows = 0;
  if (missingColumns.length > 0) return { accepted, errors, rejectedRows: sheet.rows.length, missingColumns };

  // Exact match, as the scoring projector keys clients: "ABC-1" and "abc-1" are two clients.
  const firstSeen = new Map<string, number>();
  const undecodable = new Map<number, string[]>();
  for (const cell of sheet.undecodable ?? []) undecodable.set(cell.row, [...(undecodable.get(cell.row) ?? []), cell.column]);
  sheet.rows.forEach((row, index) => {
    const rowNumber = sheet.rowNumbers[index];
    const rowErrors: RowError[] = (undecodable.get(rowNumber) ?? []).map((column) => ({
      row: rowNumber,
      column,
      reason: UNDECODABLE_REASON,
    }));
    const reference = row[identity.referenceNumber].trim();
    if (reference === '') rowErrors.push({ row: rowNumber, column: 'reference_number', reason: 'reference_number is required' });
    else if (firstSeen.has(reference)) {
      rowErrors.push({
        row: rowNumber,
        column: 'reference_number',
        reason: `duplicate reference_number (first seen at row ${firstSeen.get(reference)})`,
      });
    } else firstSeen.set(reference, rowNumber);
    const result = scoreRow(compiled, columns, row);
    if (result.status === 'rejected')
      for (const error of result.errors) rowErrors.push({ row: rowNumber, column: error.column, reason: error.reason });
    if (rowErrors.length > 0) {
      rejectedRows += 1;
      errors.push(...rowErrors);
    } else {
      accepted.rows.push(row);
      accepted.rowNumbers.push(rowNumber);
    }
  });
  return { accepted, errors, rejectedRows, missingColumns };
}
