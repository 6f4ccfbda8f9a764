/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import * as XLSX from '@e965/xlsx';
import { http, HttpResponse } from 'msw';
import { act } from 'react';
import { click, findButton, waitFor } from '../../test/dom';
import { answer, sent, server, useMockServer } from '../../test/mockServer';
import { i18n } from '../../app/i18n';
import { renderPage, type RenderedPage } from '../../test/renderPage';
import { UploadCard } from './UploadCard';

useMockServer();

let page: RenderedPage | undefined;
afterEach(() => page?.unmount());

const choose = async (name: string, content: string | Uint8Array<ArrayBuffer>) => {
  const input = page!.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  const file = new File([content], name, { type: typeof content === 'string' ? 'text/csv' : XLSX_TYPE });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await Promise.resolve();
  });
};

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A real .xlsx written by SheetJS: a Clients sheet with these rows, and a second sheet the check must not read. */
const workbook = (rows: unknown[][]): Uint8Array<ArrayBuffer> => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Clients');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['column', 'required']]), 'Notes');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
};

const NOTES =
  'column,required,type,range,allowed values,description\r\n' +
  'name,optional,text,,,client identity\r\n' +
  'reference_number,required,text,,,client identity\r\n' +
  'phoneNumber,optional,text,,,client identity\r\n' +
  'email,optional,text,,,client identity\r\n' +
  'monthly_income,required,number,0 to 5000000,,"Income, per month"\r\n' +
  'has_collateral,optional,yes/no,,"yes, no (also oui/non, true/false, 1/0)",Pledged security\r\n';

const uploadButton = () => findButton(page!.container, 'Upload and Score') as HTMLButtonElement | null;

describe('The upload card checks a file header before sending', () => {
  beforeEach(async () => {
    server.use(http.get('*/api/csv/template/notes', () => HttpResponse.text(NOTES, { headers: { 'Content-Type': 'text/csv' } })));
    page = await renderPage(() => <UploadCard onUploaded={() => undefined} />, { path: '/batches', url: '/batches', role: 'institution' });
  });

  it('names the missing and unknown columns', async () => {
    await choose('march.csv', 'Name,reference_number,monthly_incme,has_collateral\nAmina,R1,5000,yes\n');
    const shown = await waitFor(() => page!.container.querySelector('[data-testid="column-check"]')?.textContent, 'the column check');
    expect(shown).toContain('This file lacks the required column monthly_income: every row would be refused, so it is not sent.');
    expect(shown).toContain("This file lacks the template's columns phoneNumber, email.");
    expect(shown).toContain('The model does not know the column monthly_incme.');
  });

  it('stops an Excel workbook without a required column before sending, naming it', async () => {
    await choose(
      'march.xlsx',
      workbook([
        ['name', 'reference_number', 'phoneNumber', 'email', 'has_collateral', 'region'],
        ['Amina', 'R1', '', '', 'yes', 'Centre'],
      ]),
    );
    const alert = await waitFor(() => page!.container.querySelector('[data-testid="column-check"] [role="alert"]'), 'the column check');
    expect(alert.textContent).toBe(
      'This file lacks the required column monthly_income: every row would be refused, so it is not sent. Add the column and choose the file again.',
    );
    expect(page!.container.querySelector('[data-testid="column-check"] [role="status"]')?.textContent).toBe(
      'The model does not know the column region.',
    );
    const button = await waitFor(uploadButton, 'the upload button');
    expect(button.disabled).toBe(true);
    await click(button);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(sent.filter((request) => request.url.pathname === '/api/csv/upload')).toHaveLength(0);
  });

  it('sends an Excel workbook whose first row has the template columns', async () => {
    server.use(
      http.post('*/api/csv/upload', () =>
        answer({
          batch: { id: 41, name: 'march', filename: 'march.xlsx', status: 'processing', total_records: 1 },
          errors: [],
          errorCount: 0,
          processing: { totalRecords: 1, acceptedRecords: 1, failedRecords: 0 },
        }),
      ),
    );
    await choose(
      'march.xlsx',
      workbook([
        ['name', 'Reference_Number', 'phoneNumber', 'email', 'monthly_income', 'has_collateral'],
        ['Amina', 'R1', '', '', 125000, 'yes'],
      ]),
    );
    await waitFor(() => page!.container.querySelector('[data-testid="chosen-file"]'), 'the chosen file');
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(page!.container.querySelector('[data-testid="column-check"]')).toBeNull();
    await click((await waitFor(uploadButton, 'the upload button'))!);
    await waitFor(() => sent.some((request) => request.method === 'POST' && request.url.pathname === '/api/csv/upload'), 'the upload');
  });

  it('offers the Excel template beside the CSV one and asks the server for it', async () => {
    server.use(http.get('*/api/csv/template', () => new HttpResponse(workbook([['name']]), { headers: { 'Content-Type': XLSX_TYPE } })));
    await click(await waitFor(() => findButton(page!.container, 'Excel Template'), 'the Excel template button'));
    await waitFor(
      () => sent.some((request) => request.url.pathname === '/api/csv/template' && request.url.searchParams.get('format') === 'xlsx'),
      'the Excel template request',
    );
  });

  it('says nothing when the header matches the template', async () => {
    await choose('march.csv', 'name,reference_number,phonenumber,email,monthly_income,has_collateral\n');
    await waitFor(() => page!.container.querySelector('[data-testid="chosen-file"]'), 'the chosen file');
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(page!.container.querySelector('[data-testid="column-check"]')).toBeNull();
  });

  it("gives the chosen file's size the way the page's language writes numbers", async () => {
    const header = 'name,reference_number,phonenumber,email,monthly_income,has_collateral\n';
    const content = header + 'Amina,R1,,,125000,yes\n'.repeat(50); // 1 170 bytes: 1.1 KB
    await choose('march.csv', content);
    const chosen = () => page!.container.querySelector('[data-testid="chosen-file"]')?.textContent;
    expect(await waitFor(chosen, 'the chosen file')).toBe('Selected: march.csv (1.1 KB)');
    await act(() => i18n.changeLanguage('fr'));
    expect(chosen()).toBe('Sélectionné : march.csv (1,1 Ko)');
  });

  it('offers the sample beside the template and asks the server for it', async () => {
    server.use(http.get('*/api/csv/sample', () => HttpResponse.text('name,reference_number\r\nAmina Ndiaye,CR-1\r\n')));
    const button = await waitFor(() => findButton(page!.container, 'Download Sample'), 'the sample button');
    await click(button);
    await waitFor(() => sent.some((request) => request.url.pathname === '/api/csv/sample'), 'the sample request');
  });

  it('offers the column notes and asks the server for them', async () => {
    server.use(http.get('*/api/csv/template/notes', () => HttpResponse.text('column,required\r\nreference_number,required\r\n')));
    const button = await waitFor(() => findButton(page!.container, 'Column Notes'), 'the notes button');
    await click(button);
    await waitFor(() => sent.some((request) => request.url.pathname === '/api/csv/template/notes'), 'the notes request');
  });
});
