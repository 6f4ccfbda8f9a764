import { recordCell, recordHeader } from './columns';
import type { ClientRecord, ColumnMap, Row } from './columns';
import type { CompiledVariable } from './compileModel';

export type Cell = string | null | undefined;

// Bound once: tsx compiles each imported function into a double getter, and this one runs per cell.
const cellOfRecord = recordCell;

/** How to find variable i's cell and header in one kind of input; module-level, so scoring allocates no closures. */
export type CellAccess<Source, Layout> = {
  readonly cell: (source: Source, layout: Layout, index: number, variable: CompiledVariable) => Cell;
  readonly header: (source: Source, layout: Layout, index: number, variable: CompiledVariable) => string;
};

export const rowAccess: CellAccess<Row, ColumnMap> = {
  cell: (row, columns, index) => {
    const column = columns.cellIndexes[index];
    return column < 0 ? undefined : row[column];
  },
  header: (_row, columns, index, variable) => {
    const column = columns.cellIndexes[index];
    return column < 0 ? variable.variable.name : columns.headers[column];
  },
};

export const recordAccess: CellAccess<ClientRecord, null> = {
  cell: (record, _layout, _index, variable) => cellOfRecord(record, variable),
  header: (record, _layout, _index, variable) => recordHeader(record, variable) ?? variable.variable.name,
};

/** NaN for a blank or unreadable cell. */
export function normaliseCell(variable: CompiledVariable, cell: Cell): number {
  return cell === undefined || cell === null ? NaN : variable.normalise(cell);
}
