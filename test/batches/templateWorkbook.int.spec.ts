import Papa from 'papaparse';
import { starterModel } from '@credit/scoring';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { settledBatch, upload } from '../support/uploads';
import { startTestPlatform, type TestPlatform } from '../support/testPlatform';
import { listValues, readWorkbook, rowTexts, validationAt } from '../support/workbookValidations';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('The Excel template and sample', () => {
  let platform: TestPlatform;
  let bank: TestInstitution;

  beforeAll(async () => {
    platform = await startTestPlatform();
    const admin = await signInAsAdmin(platform);
    bank = await approvedInstitution(platform, admin, 'Crédit du Littoral');
  });
  afterAll(async () => platform.close());

  const download = async (path: string) => {
    const response = await fetch(`${platform.url}${path}`, { headers: bearer(bank.token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.xlsx"/);
    return Buffer.from(await response.arrayBuffer());
  };
  const csv = async (path: string) => {
    const response = await platform.request(path, { headers: bearer(bank.token) });
    expect(response.status).toBe(200);
    return Papa.parse<string[]>(String(response.body), { skipEmptyLines: true }).data;
  };

  it("has the CSV template's columns, a frozen header and the notes as sheet 2", async () => {
    const [columns] = await csv('/api/csv/template');
    const notes = await csv('/api/csv/template/notes');
    const book = await readWorkbook(await download('/api/csv/template?format=xlsx'));
    const [clients, notesSheet] = book.worksheets;
    expect(clients.name).toBe('Clients');
    expect(rowTexts(clients, 1, columns.length + 1)).toEqual([...columns, '']);
    expect(clients.rowCount).toBe(1);
    expect(clients.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(notesSheet.name).toBe('Notes');
    expect(notesSheet.rowCount).toBe(notes.length);
    for (const [index, line] of notes.entries()) expect(rowTexts(notesSheet, index + 1, line.length)).toEqual(line);
  });

  it("offers a drop-down with exactly the model's values for a category and a yes/no column, and checks a number against its range", async () => {
    const book = await readWorkbook(await download('/api/csv/template?format=xlsx'));
    const clients = book.worksheets[0];
    const header = rowTexts(clients, 1, clients.columnCount);
    const cellUnder = (name: string, row = 2) => `${clients.getColumn(header.indexOf(name) + 1).letter}${row}`;
    const variables = starterModel().variables;

    const category = variables.find((variable) => variable.responseType === 'categorical')!;
    const list = validationAt(clients, cellUnder(category.name));
    expect(list).toMatchObject({ type: 'list', allowBlank: true, showErrorMessage: true });
    expect(listValues(book, String(list!.formulae[0]))).toEqual(category.categoryMappings!.map((mapping) => mapping.categoryName));
    expect(validationAt(clients, cellUnder(category.name, 10_001))).toEqual(list);

    const yesNo = variables.find((variable) => variable.responseType === 'boolean')!;
    expect(listValues(book, String(validationAt(clients, cellUnder(yesNo.name))!.formulae[0]))).toEqual(['yes', 'no']);

    const number = variables.find((variable) => variable.responseType === 'int_float')!;
    const range = `${number.minValue} to ${number.maxValue}`;
    expect(validationAt(clients, cellUnder(number.name))).toMatchObject({
      type: 'decimal',
      operator: 'between',
      formulae: [number.minValue, number.maxValue],
      showInputMessage: true,
      prompt: `A number from ${range}.`,
      error: expect.stringContaining(range),
    });
    expect(validationAt(clients, cellUnder('reference_number'))).toBeUndefined();
  });

  it('gives a 20-row Excel sample that uploads and scores every row', async () => {
    const [columns] = await csv('/api/csv/template');
    const sample = await download('/api/csv/sample?format=xlsx');
    const clients = (await readWorkbook(sample)).worksheets[0];
    expect(rowTexts(clients, 1, columns.length)).toEqual(columns);
    expect(clients.rowCount).toBe(21);
    const response = await upload(platform, bank.token, { name: 'sample.xlsx', content: sample }, { batchName: 'Excel sample' });
    expect(response.status).toBe(201);
    expect(response.body.data.processing).toEqual({ totalRecords: 20, acceptedRecords: 20, failedRecords: 0 });
    const batch = await settledBatch(platform, bank.token, response.body.data.batch.id, response.body.position);
    expect(batch).toMatchObject({ status: 'completed', processed_records: 20, failed_records: 0 });
  });

  it('refuses a format it does not write', async () => {
    const response = await platform.request('/api/csv/template?format=ods', { headers: bearer(bank.token) });
    expect(response.status).toBe(400);
  });
});
