import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { Download, Page } from 'playwright-core';
import { type E2E, E2E_TEST_TIMEOUT_MS, SETUP_TIMEOUT_MS, startE2E } from '../support/browser';
import { approvedInstitution, signInAsAdmin, type TestInstitution } from '../support/actors';
import { readWorkbook, rowTexts } from '../support/workbookValidations';
import { onPath, signInAsInstitution, visible } from './flows';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const downloaded = async (page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> => {
  const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
};

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

/** Issue 25's first file in Excel: the workbook template and sample from the upload page, the header check, every sample row scored. */
describe('The Excel template and sample (browser)', () => {
  let e2e: E2E;
  let institution: TestInstitution;

  beforeAll(async () => {
    e2e = await startE2E('excel-template');
    institution = await approvedInstitution(e2e.platform, await signInAsAdmin(e2e.platform), 'Caisse du Noun');
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  it('downloads both workbooks, stops one without a required column, and scores every row of the sample', async () => {
    const context = await e2e.newContext({ acceptDownloads: true });
    const { page, check } = await e2e.open(context);
    await page.goto('/');
    await signInAsInstitution(page, institution.email, institution.password);
    await onPath(page, '/workspace-dashboard');
    await page.getByRole('link', { name: 'Batch Upload', exact: true }).click();
    await onPath(page, '/batch-assessment');

    const template = await downloaded(page, () => page.getByRole('button', { name: 'Excel Template' }).click());
    expect(template.name).toBe('client_assessment_template.xlsx');
    const book = await readWorkbook(template.bytes);
    expect(book.worksheets.slice(0, 2).map((sheet) => sheet.name)).toEqual(['Clients', 'Notes']);
    const columns = rowTexts(book.worksheets[0], 1, book.worksheets[0].columnCount);
    expect(columns.slice(0, 4)).toEqual(['name', 'reference_number', 'phoneNumber', 'email']);
    const sample = await downloaded(page, () => page.getByRole('button', { name: 'Excel Sample' }).click());
    expect(sample.name).toBe('client_assessment_sample.xlsx');

    // The template's columns without reference_number: the page reads the workbook's first row and does not send it.
    const incomplete = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      incomplete,
      XLSX.utils.aoa_to_sheet([columns.filter((column) => column !== 'reference_number')]),
      'Clients',
    );
    const picker = page.locator('input[type=file]');
    await picker.setInputFiles({
      name: 'incomplete.xlsx',
      mimeType: XLSX_TYPE,
      buffer: XLSX.write(incomplete, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    });
    const refusal = page.getByTestId('column-check').getByRole('alert');
    await visible(refusal);
    expect(await refusal.innerText()).toContain('This file lacks the required column reference_number');
    expect(await page.getByRole('button', { name: 'Upload and Score' }).isDisabled()).toBe(true);
    await check('excel-required-column-missing');

    await picker.setInputFiles({ name: sample.name, mimeType: XLSX_TYPE, buffer: sample.bytes });
    await page.getByTestId('column-check').waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Batch Name' }).fill('Excel sample');
    await page.getByRole('button', { name: 'Upload and Score' }).click();
    const progress = page.getByTestId('batch-progress');
    await visible(progress.getByRole('link', { name: 'View Results' }), 30_000);
    expect(await progress.innerText()).toMatch(/Completed\s+Received\s+20\s+Scored\s+20\s+Failed\s+0/);
    await check('excel-sample-scored');
  });
});
