import type ExcelJS from 'exceljs';
import { parseDecimal, type GeneratedRows } from '@credit/scoring';
import { notesRows, rangeText, type TemplateColumn } from './templateColumns';

/**
 * Rows under the header that carry the drop-downs and number checks. Excel applies them to typed
 * cells only (a paste bypasses them), so a hand-filled file is covered; the server's check stays the rule.
 */
export const VALIDATED_ROWS = 10_000;

export const CLIENTS_SHEET = 'Clients';
export const NOTES_SHEET = 'Notes';
export const LISTS_SHEET = 'Lists';

/** Excel refuses an inline list longer than this; longer lists point at a hidden sheet's cells. */
const INLINE_LIST_LIMIT = 255;
// Excel's own limits: longer titles and messages make it report the file as damaged.
const TITLE_LIMIT = 32;
const ERROR_LIMIT = 225;
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3EDF3' } };

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// ExcelJS writes range validations (`dataValidations.add('B2:B10001', …)`) but does not declare them.
type RangeValidations = { dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void } };

type Cell = string | number;

/**
 * The upload template as an Excel workbook: sheet 1 "Clients" (the columns, frozen header, drop-downs
 * for category and yes/no columns, number checks naming each range, and any rows given), sheet 2
 * "Notes" (the same notes as the CSV notes), and a hidden "Lists" sheet for drop-downs too long to inline.
 */
export async function templateWorkbook(columns: readonly TemplateColumn[], rows: readonly (readonly Cell[])[] = []): Promise<Buffer> {
  // Loaded at the first template asked for, not with the platform: ExcelJS alone takes half a second to load.
  const { Workbook } = require('exceljs') as typeof ExcelJS;
  const workbook = new Workbook();
  workbook.creator = 'Credit Intelligence Platform';
  const clients = workbook.addWorksheet(CLIENTS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  const notes = workbook.addWorksheet(NOTES_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  let lists: ExcelJS.Worksheet | undefined;

  clients.columns = columns.map((column) => ({
    header: column.name,
    width: Math.min(Math.max(column.name.length + 4, 14), 40),
    // Identity cells stay text: a phone number keeps its '+', a reference its leading zeros.
    style: column.type === 'text' ? { numFmt: '@' } : {},
  }));
  styleHeader(clients.getRow(1));
  for (const row of rows) clients.addRow([...row]);

  let listColumn = 0;
  columns.forEach((column, index) => {
    const letter = clients.getColumn(index + 1).letter;
    const cells = `${letter}2:${letter}${VALIDATED_ROWS + 1}`;
    const validations = (clients as unknown as RangeValidations).dataValidations;
    const title = column.name.slice(0, TITLE_LIMIT);
    if (column.type === 'number' && column.range) {
      const range = rangeText(column.range);
      validations.add(cells, {
        type: 'decimal',
        operator: 'between',
        formulae: [column.range.min, column.range.max],
        allowBlank: true,
        showInputMessage: true,
        promptTitle: title,
        prompt: `A number from ${range}.`,
        showErrorMessage: true,
        // The server accepts a value outside the range and scores it as the nearest end.
        errorStyle: 'warning',
        errorTitle: 'Outside the range',
        error: `${column.name} expects a number from ${range}; a value outside it counts as the nearest end.`.slice(0, ERROR_LIMIT),
      });
    } else if (column.choices.length > 0) {
      let source = `"${column.choices.join(',')}"`;
      if (source.length - 2 > INLINE_LIST_LIMIT || column.choices.some((choice) => /[,"]/.test(choice))) {
        lists ??= workbook.addWorksheet(LISTS_SHEET, { state: 'hidden' });
        listColumn += 1;
        const listLetter = lists.getColumn(listColumn).letter;
        for (const [row, choice] of column.choices.entries()) lists.getCell(row + 1, listColumn).value = choice;
        source = `${LISTS_SHEET}!$${listLetter}$1:$${listLetter}$${column.choices.length}`;
      }
      const yesNo = column.type === 'yes/no';
      validations.add(cells, {
        type: 'list',
        formulae: [source],
        allowBlank: true,
        showInputMessage: true,
        promptTitle: title,
        prompt: yesNo ? 'Choose yes or no.' : 'Choose one of the listed values.',
        showErrorMessage: true,
        // oui/non, true/false and 1/0 are read as well, so a yes/no cell only warns.
        errorStyle: yesNo ? 'warning' : 'stop',
        errorTitle: 'Not in the list',
        error: (yesNo
          ? `${column.name} takes yes or no (oui/non, true/false and 1/0 are read too).`
          : `${column.name} takes one of: ${column.allowedValues}`
        ).slice(0, ERROR_LIMIT),
      });
    }
  });

  const [header, ...lines] = notesRows(columns);
  notes.columns = header.map((name, index) => ({ header: name, width: [28, 10, 10, 18, 40, 60][index] }));
  styleHeader(notes.getRow(1));
  for (const line of lines) notes.addRow(line).alignment = { vertical: 'top', wrapText: true };

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const YES = new Set(['yes', 'true', '1', 'oui', 'vrai']);

/**
 * Generated rows as an Excel user would type them into the template: in its column order, numbers as
 * numbers, yes/no and categories as the drop-downs spell them (the CSV sample varies the spellings).
 */
export function workbookRows(columns: readonly TemplateColumn[], generated: GeneratedRows): Cell[][] {
  const at = columns.map((column) => generated.headers.indexOf(column.name));
  return generated.rows.map((row) =>
    columns.map((column, index) => {
      const cell = at[index] === -1 ? '' : row[at[index]];
      if (cell.trim() === '') return '';
      switch (column.type) {
        case 'number': {
          const value = parseDecimal(cell);
          return Number.isFinite(value) ? value : cell;
        }
        case 'yes/no':
          return YES.has(cell.trim().toLowerCase()) ? 'yes' : 'no';
        case 'category':
          return column.choices.find((choice) => choice.toLowerCase() === cell.trim().toLowerCase()) ?? cell;
        case 'text':
          return cell;
      }
    }),
  );
}

function styleHeader(row: ExcelJS.Row): void {
  row.font = { bold: true };
  row.fill = HEADER_FILL;
}
