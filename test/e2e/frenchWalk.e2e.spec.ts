import type { BrowserContext, Page } from 'playwright-core';
import { type E2E, E2E_TEST_TIMEOUT_MS, resetCodeFor, SETUP_TIMEOUT_MS, startE2E, type Visit } from '../support/browser';
import { approvedInstitution, bearer, decodeToken, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';
import { adminVisit, field, go, onPath, visible } from './flows';
import { starterModel } from '@credit/scoring';
import { englishLeftIn, fr } from './languages';

/**
 * Words that only English uses in a sentence (no French word is spelt the same): one of them in a text
 * a person reads on a French page is an English sentence left, wherever it came from (the app's
 * texts, the server's, a chart's library).
 */
const ENGLISH_WORDS = new Set(
  (
    'the is are was were has have had been of and with for from by not this that these those your you please ' +
    'will would could should cannot can which when what where who how than then there here into only every each ' +
    'any some all after before below above between without within yet still just also than its it they their them ' +
    'longer available found loading click select upload download uploaded results result records record rows row ' +
    'failed completed processing pending approved rejected deleted created updated signed ' +
    // Common words of the model's and the server's sentences (a range, a hint, a reason).
    'year years month months week weeks day days quarter means granted offered allowed highest lowest reaches ' +
    'perfect limit rate interest below relative considered rated provided read history income'
  ).split(' '),
);

/** The English words of a text (data taken out first), or none. */
export function englishWordsIn(text: string, data: readonly string[]): string[] {
  let left = text;
  for (const own of data) left = left.split(own).join('\n');
  // Emails, file names, addresses and identifiers are data, as are words in capitals (acronyms, codes).
  left = left.replace(/\S+@\S+|\S+\.(csv|xlsx|xls)\b|https?:\/\/\S+|\b[A-Z0-9_-]{2,}\b/g, ' ');
  return (left.match(/\p{L}+(?:'\p{L}+)?/gu) ?? [])
    .filter((word) => word === word.toLowerCase() || word === capitalised(word))
    .filter((word) => ENGLISH_WORDS.has(word.toLowerCase()));
}
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/**
 * The page's visible text nodes, one string each, leaving out what the page marks as data a
 * translator must not touch (`translate="no"`: names, references, values as typed).
 */
const visibleTexts = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, [translate="no"]')) continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden' || parent.getClientRects().length === 0) {
        // Still read text kept for screen readers only (visually hidden, yet read out).
        if (!parent.closest('[class*="visuallyHidden"], .sr-only')) continue;
      }
      texts.push(text);
    }
    return texts;
  });

jest.setTimeout(E2E_TEST_TIMEOUT_MS * 3);

/**
 * Every route of the product spec, in French, on real data: no English sentence a person reads; and the
 * switch to French, remembered, with the sign-in, registration and reset pages and the server's refusals.
 */
describe('Every page in French (browser)', () => {
  let e2e: E2E;
  let adminToken: string;
  let adminName: string;
  let institution: TestInstitution;
  let batchId: number;
  let clientId: number;

  beforeAll(async () => {
    e2e = await startE2E('frenchWalk');
    adminToken = await signInAsAdmin(e2e.platform);
    adminName = decodeToken(adminToken).name as string;
    institution = await approvedInstitution(e2e.platform, adminToken, 'Banque du Littoral');
    const { headers, rows } = starterRows(12, 31);
    // Two rows the model refuses, so the batch has an error report and a failed count.
    rows[1][headers.indexOf('Repayment history')] = 'excellentissime';
    rows[4][headers.indexOf('reference_number')] = '';
    const uploaded = await upload(
      e2e.platform,
      institution.token,
      { name: 'portefeuille.csv', content: csvOf(headers, rows) },
      { batchName: 'Portefeuille de novembre' },
    );
    if (uploaded.status !== 201) throw new Error(`upload failed: ${JSON.stringify(uploaded.body)}`);
    batchId = uploaded.body.data.batch.id as number;
    await settledBatch(e2e.platform, institution.token, batchId, uploaded.body.position);
    const results = await e2e.platform.request(`/api/result/batch/${batchId}`, { headers: bearer(institution.token) });
    clientId = (results.body.data.results as { client: { id: number } }[])[0].client.id;
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  /**
   * Names of people, institutions and batches, and the names an administrator gave the model's
   * categories, variables and answers, are data in either language. The parameter templates' names,
   * hints and ranges are not: a French page says them in French.
   */
  const data = () => {
    const model = starterModel();
    return [
      adminName,
      institution.name,
      'Portefeuille de novembre',
      ...model.categories.flatMap((category) => [category.name, category.description]),
      ...model.variables.flatMap((variable) => [
        variable.name,
        ...(variable.categoryMappings ?? []).map((mapping) => mapping.categoryName),
      ]),
    ].sort((a, b) => b.length - a.length);
  };

  /** The page at `path`, once loaded: its French is checked, its texts collected, its screenshots taken. */
  async function walk({ page, check, quiet }: Visit, path: string, found: Record<string, string[]>) {
    const url = new URL(page.url());
    if (url.protocol === 'about:') await page.goto(path);
    else if (url.pathname !== path) {
      // As a link does: the app's router moves to the path without loading the page again; the walk goes on once
      // another heading is drawn, or loads the page when its heading is the one the last page had.
      await page.evaluate(() => {
        (window as unknown as { walkedFrom?: string }).walkedFrom = document.querySelector('h1')?.outerHTML ?? '';
      });
      await go(page, path);
      await page
        .waitForFunction(
          () => {
            const heading = document.querySelector('h1');
            return heading !== null && heading.outerHTML !== (window as unknown as { walkedFrom?: string }).walkedFrom;
          },
          undefined,
          { timeout: 3_000 },
        )
        .catch(() => page.goto(path));
    }
    await visible(page.getByRole('heading', { level: 1 }));
    await quiet();
    // Placeholders gone: the charts and tables drawn, with their own texts (axes, legends, empty states).
    await page.waitForFunction(() => !document.querySelector('.skeleton, .MuiSkeleton-root'), undefined, { timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^fr/);
    await read(page, path, found);
    await check(`french-walk${path.replace(/\//g, '-')}`);
  }

  /** What the page shows now, kept under `where` when it holds English. */
  async function read(page: Page, where: string, found: Record<string, string[]>) {
    const english = [
      ...(await visibleTexts(page)).filter((text) => englishWordsIn(text, data()).length > 0),
      // The app's own English sentences, however few of the listed words they hold.
      ...englishLeftIn(await page.evaluate(() => document.body.innerText), data()),
    ];
    if (english.length > 0) found[where] = english;
  }

  it('finds no English sentence on the open pages, the institution’s pages and the admin pages', async () => {
    const found: Record<string, string[]> = {};

    // The same reading finds the English of an English page: what it collects is what a person reads.
    const english = await e2e.open(await e2e.newContext({ locale: 'en-GB' }));
    await english.page.goto('/');
    await visible(english.page.getByRole('heading', { level: 1 }));
    expect((await visibleTexts(english.page)).filter((text) => englishWordsIn(text, data()).length > 0)).toContain(
      'Keep me signed in on this device',
    );

    const open = await e2e.open(await e2e.newContext({ locale: 'fr-FR' }));
    for (const path of ['/', '/admin', '/register', '/reset-password', '/admin/login']) await walk(open, path, found);

    const bank = await e2e.open(await e2e.newContext({ locale: 'fr-FR' }));
    await bank.page.goto('/');
    await field(bank.page, fr.login.email).fill(institution.email);
    await field(bank.page, fr.login.password).fill(institution.password);
    await bank.page.getByRole('button', { name: fr.login.submit, exact: true }).click();
    await onPath(bank.page, '/workspace-dashboard');
    // In an order where no page follows its alias (the same heading), so each is reached as a link would.
    for (const path of [
      '/workspace-dashboard',
      '/credit-parameters-config',
      '/batch-assessment',
      '/parameters',
      '/result',
      `/result/batch/${batchId}`,
      '/results',
      `/client/${clientId}`,
      `/batch/${batchId}`,
      `/result/client/${clientId}/detailed`,
      '/clients',
      '/performance',
      '/no-such-page',
    ]) {
      await walk(bank, path, found);
    }
    // The batch's error report, opened from the jobs list (walked above): its reasons are the server's.
    await bank.page.goto('/batch-assessment');
    await bank.page.getByRole('button', { name: fr.batches.errorReport }).first().click();
    await visible(bank.page.getByRole('table', { name: fr.batches.errorReport }));
    await bank.quiet();
    await read(bank.page, 'error report', found);
    await bank.check('french-walk-error-report');
    await walk(bank, '/team', found);

    const admin = await adminVisit(e2e, 'fr');
    for (const path of [
      '/admin/dashboard',
      '/admin/institution',
      '/admin/variables',
      '/admin/users',
      '/admin/audit',
      '/admin/parameters',
      '/admin/formula',
      '/admin/manage',
      '/admin/settings',
      '/admin/categories',
      `/institution/${institution.id}/parameters`,
      '/result',
    ]) {
      await walk(admin, path, found);
    }
    // Every institution's results: each client says whose it is.
    await visible(admin.page.getByRole('table').getByText(institution.name).first());
    // An audit entry's details, opened from the log (walked above).
    await admin.page.goto('/admin/audit');
    await admin.page.locator('tr.entry').first().click();
    await visible(admin.page.getByRole('presentation').or(admin.page.getByRole('dialog')).first());
    await read(admin.page, 'audit entry', found);
    await admin.check('french-walk-audit-entry');
    await admin.page.keyboard.press('Escape');
    for (const path of [
      '/admin/compliance',
      '/admin/compliance/events',
      '/admin/compliance/events/1',
      '/admin/compliance/time-travel',
      '/admin/compliance/replay',
    ]) {
      await walk(admin, path, found);
    }
    // The account menu, and where signing out from it lands.
    await admin.page.goto('/admin/settings');
    await admin.page.getByRole('button', { name: fr.adminBar.accountMenu }).click();
    await visible(admin.page.getByRole('menuitem', { name: fr.adminBar.settings }));
    await admin.page.getByRole('menuitem', { name: fr.adminBar.logout }).click();
    await onPath(admin.page, '/admin/login');
    await walk(admin, '/admin/login', found);
    expect(found).toEqual({});
  });

  /** French heading, `<html lang="fr">`, no English sentence (a user's own name, such as the first admin's "System Administrator", or the starter model's texts may be English). */
  const inFrench = async (page: Page, check: (name: string) => Promise<void>, name: string, heading: string, names: string[] = []) => {
    await visible(page.getByRole('heading', { level: 1, name: heading }));
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^fr/);
    const english = englishLeftIn(await page.evaluate(() => document.body.innerText), names);
    if (english.length > 0) throw new Error(`English left on ${new URL(page.url()).pathname} in French: ${JSON.stringify(english)}`);
    await check(name);
  };

  it('switches the sign-in pages to French, remembers it, and runs the reset wizard in French', async () => {
    const institution = await approvedInstitution(e2e.platform, adminToken, 'Banque de Thiès');
    const context: BrowserContext = await e2e.newContext();
    const { page, check } = await e2e.open(context);
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Français' });
    await visible(page.getByRole('button', { name: fr.login.submit, exact: true }));
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('fr');
    await page.reload();
    await inFrench(page, check, 'login-fr', fr.login.heading);
    await visible(field(page, fr.login.email));
    await visible(page.getByRole('checkbox', { name: fr.login.keepSignedIn }));
    // The server's refusal, in French on a French page.
    await field(page, fr.login.email).fill(institution.email);
    await field(page, fr.login.password).fill('Pas-le-bon-2026!');
    await page.getByRole('button', { name: fr.login.submit, exact: true }).click();
    await visible(page.getByRole('alert').filter({ hasText: fr.common.error }).filter({ hasText: fr.server.invalidCredentials }));
    await inFrench(page, check, 'login-refused-fr', fr.login.heading);

    await page.getByRole('link', { name: fr.login.register }).click();
    await onPath(page, '/register');
    await page.getByRole('button', { name: fr.register.submit }).click();
    await visible(page.getByText(fr.validation.nameRequired, { exact: true }));
    await inFrench(page, check, 'register-fr', fr.register.heading);

    await page.goto('/reset-password');
    await inFrench(page, check, 'reset-email-fr', fr.reset.heading);
    const before = e2e.smtp.received.length;
    await field(page, fr.reset.email).fill(institution.email);
    await page.getByRole('button', { name: fr.reset.send }).click();
    const digit1 = fr.reset.digit.replace('{{n}}', '1');
    await visible(field(page, digit1));
    await inFrench(page, check, 'reset-code-fr', fr.reset.heading);
    await field(page, digit1).focus();
    await page.keyboard.type(await resetCodeFor(e2e.smtp, institution.email, before));
    await page.getByRole('button', { name: fr.reset.verify }).click();
    await visible(field(page, fr.reset.newPassword));
    await inFrench(page, check, 'reset-password-fr', fr.reset.heading);
    await field(page, fr.reset.newPassword).fill('Nouveau-Depart-2026!');
    await field(page, fr.reset.confirmPassword).fill('Nouveau-Depart-2026!');
    await page.getByRole('button', { name: fr.reset.submit }).click();
    await visible(page.getByRole('heading', { name: fr.reset.success }));
    await check('reset-done-fr');

    await page.goto('/admin');
    await inFrench(page, check, 'admin-login-fr', fr.adminLogin.heading);
  });
});

describe('English words in a French text', () => {
  it('should find a sentence the server wrote in English, and leave French and data alone', () => {
    expect(englishWordsIn('Repayment history is rated fair, below the best rating', ['Repayment history'])).toEqual([
      'is',
      'rated',
      'below',
      'the',
    ]);
    expect(englishWordsIn('Repayment history : noté « fair », en dessous de la meilleure note', ['Repayment history'])).toEqual([]);
    expect(englishWordsIn('Please try again', [])).toEqual(['Please']);
    expect(englishWordsIn('Recommandé : 5 - 15 % a year', [])).toEqual(['year']);
    expect(englishWordsIn('portefeuille.csv envoyé par awa.diallo@the-bank.test', [])).toEqual([]);
  });
});
