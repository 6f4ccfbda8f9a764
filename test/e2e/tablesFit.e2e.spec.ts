import type { Page } from 'playwright-core';
import { type E2E, E2E_TEST_TIMEOUT_MS, PHONE, SETUP_TIMEOUT_MS, startE2E } from '../support/browser';
import { approvedInstitution, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';
import { adminVisit, onPath, signInAsInstitution, visible } from './flows';

const WIDTHS = [1440, 1280, 1024] as const;

/** Every table wider than its card, every card whose content sticks out, every chart bar cut at its chart's edge. */
async function tooWide(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const name = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 50);
    const cards = Array.from(document.querySelectorAll('.MuiPaper-root, .MuiCard-root')).filter(
      (card) => card.getBoundingClientRect().width > 0 && !card.closest('.MuiPopover-root, .MuiDialog-root, .MuiDrawer-root'),
    );
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const card = table.closest('.MuiPaper-root, .MuiCard-root');
      if (!card || table.getBoundingClientRect().width === 0) continue;
      if (table.scrollWidth > card.clientWidth)
        found.push(`table "${name(table)}" is ${table.scrollWidth}px in a card of ${card.clientWidth}px`);
    }
    for (const card of cards)
      if (card.scrollWidth > card.clientWidth + 1) found.push(`card "${name(card)}" holds ${card.scrollWidth}px in ${card.clientWidth}px`);
    for (const surface of Array.from(document.querySelectorAll('svg.recharts-surface'))) {
      // The plot's right edge: its grid's, or the chart's own.
      const grid = surface.querySelector('.recharts-cartesian-grid');
      const edge = (grid ?? surface).getBoundingClientRect().right;
      for (const bar of Array.from(surface.querySelectorAll('.recharts-rectangle')))
        if (bar.getBoundingClientRect().right > edge + 0.5) found.push(`a bar of "${name(surface)}" is cut at the chart's right edge`);
    }
    return found;
  });
}

jest.setTimeout(E2E_TEST_TIMEOUT_MS * 2);

/** Tables that fit (issue 25): no table wider than its card on a laptop, admin tables as cards on a phone. */
describe('Tables that fit (browser)', () => {
  let e2e: E2E;
  let institution: TestInstitution;

  beforeAll(async () => {
    e2e = await startE2E('tablesFit');
    institution = await approvedInstitution(
      e2e.platform,
      await signInAsAdmin(e2e.platform),
      'Banque Commerciale du Littoral et de l’Atlantique',
    );
    // Two batches, one with errors (its row carries the Error Report action), long names as people give them.
    for (const [name, bad] of [
      ['Portefeuille PME Douala — revue trimestrielle de novembre', false],
      ['Microcrédits agricoles Bafoussam et environs', true],
    ] as const) {
      const { headers, rows } = starterRows(40, name.length);
      if (bad) rows[3][headers.indexOf('Repayment history')] = 'excellentissime';
      const uploaded = await upload(
        e2e.platform,
        institution.token,
        { name: `batch-${name.length}.csv`, content: csvOf(headers, rows) },
        { batchName: name },
      );
      await settledBatch(e2e.platform, institution.token, uploaded.body.data.batch.id, uploaded.body.position);
    }
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  const measure = async (page: Page, screen: string, ready: () => Promise<void>, found: string[]) => {
    await page.mouse.move(0, 0); // no chart tooltip left open where the last click was
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await ready();
      await page.waitForTimeout(400); // charts and tables laid out again for the new width
      found.push(...(await tooWide(page)).map((line) => `${screen} at ${width}px: ${line}`));
    }
  };

  it('should keep every table of the workspace within its card at 1440, 1280 and 1024 px', async () => {
    const { page, check } = await e2e.open(await e2e.newContext());
    await page.goto('/');
    await signInAsInstitution(page, institution.email, institution.password);
    await onPath(page, '/workspace-dashboard');
    const found: string[] = [];
    await measure(page, 'dashboard', () => visible(page.getByRole('heading', { level: 1 })), found);
    await page.setViewportSize({ width: 1440, height: 900 });
    await check('dashboard');
    for (const [path, screen, ready] of [
      ['/batch-assessment', 'batches', () => visible(page.getByRole('link', { name: 'View Results' }).first())],
      ['/results', 'results', () => visible(page.locator('[aria-label="Batch Uploads"]'))],
      ['/performance', 'performance', () => visible(page.getByRole('heading', { level: 1 }))],
    ] as const) {
      await page.goto(path);
      await measure(page, screen, ready, found);
      await page.setViewportSize({ width: 1440, height: 900 });
      await check(screen);
    }
    // The error report opened from its batch's row: within the card too, its actions on screen.
    await page.goto('/batch-assessment');
    await page.getByRole('button', { name: 'Error Report', exact: true }).click();
    const report = page.getByRole('button', { name: 'Download Error Report (CSV)' });
    await measure(page, 'batches with the error report', () => visible(report), found);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(400);
      const box = await page.getByRole('button', { name: 'Error Report', exact: true }).boundingBox();
      if (!box || box.x < 0 || box.x + box.width > width) found.push(`batches at ${width}px: the Error Report action is off screen`);
    }
    // On a phone the reasons keep their words whole and the report its width: each row names its column under the reason.
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(400);
    const reportTable = page.getByRole('table', { name: 'Error Report' });
    await visible(reportTable.getByText('Column: Repayment history').first());
    const phoneReport = await reportTable.evaluate((table) => ({
      table: table.scrollWidth,
      room: table.parentElement!.clientWidth,
      narrowestReason: Math.min(
        ...Array.from(table.querySelectorAll('tbody td:last-child')).map((cell) => cell.getBoundingClientRect().width),
      ),
    }));
    if (phoneReport.table > phoneReport.room) found.push(`the error report on a phone is ${phoneReport.table}px in ${phoneReport.room}px`);
    if (phoneReport.narrowestReason < 150) found.push(`the error report's reasons on a phone are ${phoneReport.narrowestReason}px wide`);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(found).toEqual([]);
    await check('batches-error-report');
  });

  it('should keep the admin’s tables within their cards, and give variables and parameters as cards on a phone', async () => {
    const { page, check } = await adminVisit(e2e);
    const found: string[] = [];
    for (const [path, screen] of [
      ['/admin/variables', 'variables'],
      ['/admin/parameters', 'parameters'],
      ['/admin/institution', 'institutions'],
      ['/admin/audit', 'audit'],
    ] as const) {
      await page.goto(path);
      await measure(page, screen, () => visible(page.getByRole('table').first()), found);
      await page.setViewportSize({ width: 1440, height: 900 });
      await check(screen);
    }
    expect(found).toEqual([]);

    await page.setViewportSize(PHONE);
    for (const [path, list] of [
      ['/admin/variables', /variables/i],
      ['/admin/parameters', /parameter/i],
    ] as const) {
      await page.goto(path);
      const cards = page.getByRole('list', { name: list }).first();
      await visible(cards);
      const edit = cards.getByRole('button', { name: /^Edit/ }).first();
      const remove = cards.getByRole('button', { name: /^Delete/ }).first();
      await visible(edit);
      for (const action of [edit, remove]) {
        const box = await action.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      expect(await page.getByRole('table').count()).toBe(0);
    }
  });
});
