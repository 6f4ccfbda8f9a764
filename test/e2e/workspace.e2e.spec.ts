import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { type E2E, E2E_TEST_TIMEOUT_MS, SETUP_TIMEOUT_MS, startE2E } from '../support/browser';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, starterRows } from '../support/uploads';
import { onPath, pathOf, signInAsInstitution, until, visible } from './flows';

const ROWS = 30;
const BAD_ROWS = [2, 5, 11]; // data rows (1-based) given an impossible value

/** A starter-model CSV of ROWS clients, three of them with a value the model refuses. */
function batchCsv(): string {
  const { headers, rows } = starterRows(ROWS, 21);
  const column = headers.indexOf('Repayment history');
  for (const row of BAD_ROWS) rows[row - 1][column] = 'excellentissime';
  return csvOf(headers, rows);
}

const downloaded = async (page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> => {
  const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8').replace(/^\uFEFF/, '') };
};

/** The select (MUI) with this accessible name set to the option with this name. */
async function choose(page: Page, select: RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: select }).selectOption({ label: option });
}

jest.setTimeout(E2E_TEST_TIMEOUT_MS * 2);

/** The institution workspace (issue 11) in the real browser, on real data, in English and in French. */
describe('Institution workspace (browser)', () => {
  let e2e: E2E;
  let institution: TestInstitution;

  beforeAll(async () => {
    e2e = await startE2E('workspace');
    institution = await approvedInstitution(e2e.platform, await signInAsAdmin(e2e.platform), 'Banque du Littoral');
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  it('parameters, upload with errors, results, batch and client details, exports, dashboard, clients and performance', async () => {
    const context = await e2e.newContext({ acceptDownloads: true });
    const { page, check } = await e2e.open(context);
    await page.goto('/');
    await signInAsInstitution(page, institution.email, institution.password);
    await onPath(page, '/workspace-dashboard');
    // A new institution's dashboard: the first-day checklist, nothing ticked, each step saying so in words.
    const firstSteps = page.getByRole('region', { name: 'Your first steps' });
    await visible(firstSteps.getByText('0 of 3 steps done'));
    expect(await firstSteps.getByRole('listitem').filter({ hasText: 'To do' }).count()).toBe(3);
    await check('dashboard-empty');

    // Parameters: read-only, then an out-of-range value warned on its field, saved, in the history; then the defaults again.
    await page.getByRole('link', { name: 'Credit Parameters', exact: true }).click();
    await onPath(page, '/parameters');
    await visible(page.getByText('No change history available'));
    const minimumScore = page.getByRole('spinbutton', { name: 'Minimum Score for Credit' });
    expect(await minimumScore.getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: 'About Minimum Score for Credit' }).click();
    await visible(page.getByText('Business Impact'));
    await check('parameters');
    await page.getByRole('button', { name: 'Edit Parameters' }).click();
    await minimumScore.fill('0.9');
    await visible(page.getByText('Outside the recommended range (0.20 - 0.50)'));
    await check('parameters-editing');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await visible(page.getByText('Parameters saved successfully'));
    const history = page.getByRole('table', { name: 'Change History' });
    await visible(history.getByRole('cell', { name: 'Minimum Score for Credit' }));
    await page.getByRole('button', { name: 'Edit Parameters' }).click();
    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    await visible(page.getByText('Parameters reset to defaults'));
    await until(() => minimumScore.inputValue(), '0.3'); // the values read again after the reset

    // Batch upload: the empty list, the template, a wrong file refused before sending, then a file with three bad rows.
    await page.getByRole('link', { name: 'Batch Upload', exact: true }).click();
    await onPath(page, '/batch-assessment');
    await visible(page.getByText('No batch jobs found for this institution.'));
    await check('batches-empty');
    const template = await downloaded(page, () => page.getByRole('button', { name: 'Download Template' }).click());
    expect(template.name).toBe('client_assessment_template.csv');
    expect(template.text.split('\n')[0]).toContain('reference_number');
    // The checklist ticked the parameters saved above and this download.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await visible(firstSteps.getByText('2 of 3 steps done'));
    expect(await firstSteps.getByRole('listitem').filter({ hasText: 'Done on' }).count()).toBe(2);
    await check('dashboard-first-steps');
    await firstSteps.getByRole('link', { name: 'Upload a batch' }).click();
    await onPath(page, '/batch-assessment');
    const picker = page.locator('input[type=file]');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await visible(page.getByText('Only .csv, .xlsx and .xls files are accepted'));
    await picker.setInputFiles({ name: 'littoral-november.csv', mimeType: 'text/csv', buffer: Buffer.from(batchCsv()) });
    await page.getByRole('textbox', { name: 'Batch Name' }).fill('Littoral November');
    await page.getByRole('button', { name: 'Upload and Score' }).click();
    const progress = page.getByTestId('batch-progress');
    await visible(progress.getByText('Completed with errors'), 30_000);
    await visible(progress.getByRole('cell', { name: 'excellentissime', exact: false }).first());
    expect(await progress.getByRole('row').count()).toBe(1 + BAD_ROWS.length);
    const errors = await downloaded(page, () => progress.getByRole('button', { name: 'Download Error Report (CSV)' }).click());
    expect(errors.text.trim().split(/\r?\n/)).toHaveLength(1 + BAD_ROWS.length);
    expect(errors.text.split(/\r?\n/)[0]).toBe('Row,Column,Reason');
    await check('batch-uploaded');
    await choose(page, /^Status/, 'Failed');
    await visible(page.getByText('No failed batch jobs found.'));
    await choose(page, /^Status/, 'All statuses');

    // Results: both views, search as you type, a sort, a page size, the next page; everything in the URL.
    await page.getByRole('link', { name: 'Results', exact: true }).click();
    await onPath(page, '/result');
    const table = page.getByRole('table', { name: 'Batch Uploads' });
    await visible(table);
    expect(await table.getByRole('row').count()).toBe(1 + 10);
    await visible(page.getByText(`1–10 of ${ROWS - BAD_ROWS.length}`));
    await check('results');
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.waitForURL(/page=2/);
    await page.getByRole('combobox', { name: /^Rows per page/ }).selectOption('20');
    await page.waitForURL((url) => url.searchParams.get('size') === '20' && !url.searchParams.has('page'));
    await table.getByRole('button', { name: 'Credit Limit' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'credit_limit');
    const limitsShown = async () =>
      (await table.locator('tbody tr td:nth-child(3)').allInnerTexts()).map((text) => Number(text.replace(/\D/g, '')));
    // 'sorted' once the table shows 20 limits from the highest down; otherwise what it shows (the failure names it).
    const descending = async () => {
      const amounts = await limitsShown();
      const sorted = amounts.length === 20 && amounts.every((amount, index) => index === 0 || amounts[index - 1] >= amount);
      return sorted ? 'sorted' : `${pathOf(page)} shows ${amounts.join(' ')}`;
    };
    await until(descending, 'sorted', 20_000); // the rows answered by the server for the new sort
    // A filter: the server answers only limits from 2 500 000 XAF, still sorted, from page 1.
    await page.getByRole('spinbutton', { name: 'Min. limit (XAF)' }).fill('2500000');
    await page.waitForURL((url) => url.searchParams.get('min') === '2500000');
    const atLeast = async () => {
      const amounts = await limitsShown();
      return amounts.length > 0 && amounts.every((amount) => amount >= 2_500_000)
        ? 'filtered'
        : `${pathOf(page)} shows ${amounts.join(' ')}`;
    };
    await until(atLeast, 'filtered', 20_000);
    await page.getByRole('spinbutton', { name: 'Min. limit (XAF)' }).fill('');
    await page.waitForURL((url) => !url.searchParams.has('min'));
    await until(descending, 'sorted', 20_000);
    const firstName = (await table.locator('tbody tr td:first-child span').first().innerText()).trim();
    await page.getByRole('searchbox', { name: 'Search name, reference, email' }).pressSequentially(firstName.split(' ')[1], { delay: 40 });
    await page.waitForURL((url) => url.searchParams.get('q') === firstName.split(' ')[1]);
    await visible(table.getByText(firstName).first());
    // Export what is shown: the search's rows (as the server counts them for the list), not the whole list.
    const word = firstName.split(' ')[1];
    const matching = await e2e.platform.request(`/api/result/getAllResults?page=1&limit=100&search=${encodeURIComponent(word)}`, {
      headers: bearer(institution.token),
    });
    const total = matching.body.data.pagination.total as number;
    expect(total).toBeLessThan(ROWS - BAD_ROWS.length);
    await until(() => table.locator('tbody tr').count(), Math.min(total, 20));
    const searched = await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    const searchedLines = searched.text.trim().split(/\r?\n/);
    expect(searchedLines).toHaveLength(1 + total);
    for (const line of searchedLines.slice(1)) expect(line.toLowerCase()).toContain(word.toLowerCase());
    await page.getByRole('tab', { name: 'All Clients' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'clients' && !url.searchParams.has('q'));
    await visible(page.getByRole('table', { name: 'All Clients' }));
    await check('results-clients');
    const exported = await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(exported.text.trim().split(/\r?\n/)).toHaveLength(1 + ROWS - BAD_ROWS.length);

    // Batch details with the compare, then a client's details with the explanation.
    await page.getByRole('link', { name: 'Batch Upload', exact: true }).click();
    await page.getByRole('link', { name: 'View Results' }).first().click();
    await page.waitForURL(/\/result\/batch\/\d+$/);
    await visible(page.getByRole('heading', { name: 'Batch Details — Littoral November' }));
    await visible(page.getByRole('heading', { name: "Under today's model" }));
    await visible(page.getByText(`0 / ${ROWS - BAD_ROWS.length}`));
    await check('batch-details');
    await page
      .getByRole('link', { name: /^View details of / })
      .first()
      .click();
    await page.waitForURL(/\/client\/\d+$/);
    await visible(page.getByRole('heading', { name: 'Reason codes' }));
    await visible(page.getByText('••••').first());
    await visible(page.getByRole('table', { name: 'Character' }));
    await check('client-details');

    // Dashboard figures equal the API's for each period; then /clients and /performance.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await onPath(page, '/workspace-dashboard');
    for (const [period, label] of [
      ['7d', 'Last 7 Days'],
      ['30d', 'Last 30 Days'],
      ['90d', 'Last 90 Days'],
      ['12m', 'Last 12 Months'],
    ] as const) {
      const answer = await e2e.platform.request(`/api/institution/dashboard?period=${period}`, { headers: bearer(institution.token) });
      const figures = answer.body.data;
      await choose(page, /^Time period/, label);
      const card = page.getByRole('link', { name: /Total Clients Processed/ });
      await visible(card.getByText(String(figures.totalClientsProcessed.value), { exact: true }));
      const rate = new Intl.NumberFormat('en-CM', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        figures.averageInterestRate.value,
      );
      await visible(page.getByRole('link', { name: /Average Interest Rate/ }).getByText(`${rate} %`));
    }
    await choose(page, /^Time period/, 'Last 30 Days');
    // The first batch is scored: the checklist has gone from the working dashboard.
    expect(await page.getByRole('region', { name: 'Your first steps' }).count()).toBe(0);
    await visible(page.getByRole('heading', { name: 'Credit-limit score distribution (%)' }));
    await visible(page.getByText('Minimum score 30%'));
    // Both charts drawn, their axes labelled (our own SVG labels) and the series named in the legend under the first.
    const series = page.locator('section[aria-labelledby="series-title"]');
    await visible(series.getByRole('listitem').filter({ hasText: 'Clients scored' }));
    await visible(series.getByRole('listitem').filter({ hasText: 'Credit granted (XAF)' }));
    for (const section of [series, page.locator('section[aria-labelledby="distribution-title"]')]) {
      // A chart is drawn as it nears the screen.
      await section.scrollIntoViewIfNeeded();
      await visible(section.locator('.recharts-xAxis-tick-labels text').first());
      expect(await section.locator('.recharts-yAxis-tick-labels text').allTextContents()).toContain('0');
    }
    // The 30 % minimum is drawn where the 30–40 bucket starts, between its bar and the one before, not through its bar.
    const marker = await page.locator('section[aria-labelledby="distribution-title"]').evaluate((section) => {
      const centre = (element: Element) => element.getBoundingClientRect().x + element.getBoundingClientRect().width / 2;
      const line = section.querySelector('.recharts-reference-line line');
      const ticks = Array.from(section.querySelectorAll('.recharts-xAxis-tick-labels text'));
      return { line: line ? centre(line) : null, ticks: ticks.map((tick) => ({ text: tick.textContent ?? '', x: centre(tick) })) };
    });
    // The axis may label every other bucket: where a bucket's slot starts, from the first two labels' centres.
    const [first, second] = marker.ticks.map((tick) => ({ from: Number(tick.text.split('–')[0]), x: tick.x }));
    const slot = (second.x - first.x) / ((second.from - first.from) / 10);
    const thirtyStarts = first.x + ((30 - first.from) / 10) * slot - slot / 2;
    expect(marker.line).not.toBeNull();
    expect(Math.abs(marker.line! - thirtyStarts)).toBeLessThan(2);
    const report = await downloaded(page, () => page.getByRole('button', { name: 'Export Report' }).click());
    expect(report.text).toContain('Total Clients Processed');
    await check('dashboard');
    await page.getByRole('link', { name: /Total Clients Processed/ }).click();
    await onPath(page, '/clients');
    await visible(page.getByRole('table', { name: 'Clients' }));
    await check('clients');
    await page.goto('/performance');
    await visible(page.getByRole('heading', { name: 'Batches over time' }));
    await check('performance');
  });
});
