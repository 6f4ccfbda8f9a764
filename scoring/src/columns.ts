import { headerKey } from './compileModel';
import type { CompiledModel, CompiledVariable } from './compileModel';

export type ClientRecord = Readonly<Record<string, string | null | undefined>>;

export type Row = readonly (string | null | undefined)[];

/** Where each variable's cell sits in the rows of one upload, worked out once per batch. */
export type ColumnMap = {
  readonly model: CompiledModel;
  readonly headers: readonly string[];
  /** For each of model.variables, its column in a row, or -1 when no header selects it. */
  readonly cellIndexes: Int32Array;
  /** Names of the active variables that no header selects. */
  readonly missingVariables: readonly string[];
};

/** A header naming the variable beats one giving its unique code; among equals the first wins. */
export function resolveColumns(compiled: CompiledModel, headers: readonly string[]): ColumnMap {
  const keys = headers.map(headerKey);
  const cellIndexes = new Int32Array(compiled.variables.length);
  const missingVariables: string[] = [];
  compiled.variables.forEach((variable, index) => {
    const byName = keys.indexOf(variable.nameHeader);
    const column = byName >= 0 ? byName : keys.indexOf(variable.codeHeader);
    cellIndexes[index] = column;
    if (column < 0) missingVariables.push(variable.variable.name);
  });
  return { model: compiled, headers, cellIndexes, missingVariables };
}

/** The record's header for this variable: the exact name, else by the same rule as resolveColumns. */
export function recordHeader(record: ClientRecord, variable: CompiledVariable): string | undefined {
  if (typeof record[variable.variable.name] === 'string') return variable.variable.name;
  let byCode: string | undefined;
  for (const header in record) {
    const key = headerKey(header);
    if (key === variable.nameHeader) return header;
    if (key === variable.codeHeader && byCode === undefined) byCode = header;
  }
  return byCode;
}

export function recordCell(record: ClientRecord, variable: CompiledVariable): string | null | undefined {
  // Well-formed uploads use the exact name, so the header scan is the exception.
  const exact = record[variable.variable.name];
  if (typeof exact === 'string') return exact;
  const header = recordHeader(record, variable);
  return header === undefined ? undefined : record[header];
}
