import ExcelJS from 'exceljs';

/** A cell's data validation as ExcelJS read it from the file (it keeps range validations per cell, undeclared). */
export function validationAt(sheet: ExcelJS.Worksheet, address: string): ExcelJS.DataValidation | undefined {
  return (sheet as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation | undefined> } }).dataValidations.model[
    address
  ];
}

/** A list validation's values: an inline `"a,b"` list, or the cells of the `Sheet!$A$1:$A$9` range it points at. */
export function listValues(workbook: ExcelJS.Workbook, formula: string): string[] {
  if (formula.startsWith('"')) return formula.slice(1, -1).split(',');
  const match = /^'?([^'!]+)'?!\$([A-Z]+)\$(\d+):\$([A-Z]+)\$(\d+)$/.exec(formula);
  if (!match) throw new Error(`Not a list source: ${formula}`);
  const [, sheetName, column, first, lastColumn, last] = match;
  if (column !== lastColumn) throw new Error(`A list spans one column: ${formula}`);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`No sheet ${sheetName}`);
  const values: string[] = [];
  for (let row = Number(first); row <= Number(last); row++) values.push(String(sheet.getCell(`${column}${row}`).value));
  return values;
}

export async function readWorkbook(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return workbook;
}

/** A row's first `width` cells as text (blank cells as ''). */
export function rowTexts(sheet: ExcelJS.Worksheet, row: number, width: number): string[] {
  const values = sheet.getRow(row).values as unknown[];
  return Array.from({ length: width }, (_, index) => {
    const value = values[index + 1];
    return value === null || value === undefined ? '' : String(value);
  });
}
