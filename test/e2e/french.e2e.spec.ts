import type { BrowserContext, Page } from 'playwright-core';
import { type E2E, E2E_TEST_TIMEOUT_MS, resetCodeFor, SETUP_TIMEOUT_MS, startE2E } from '../support/browser';
import { approvedInstitution, signInAsAdmin } from '../support/actors';
import { field, onPath, visible } from './flows';
import { englishLeftIn, fr } from './languages';

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

/**
 * The switch to French, remembered, and the sign-in, registration and reset pages in French with the
 * server's refusals. Every other page in French is frenchWalk.e2e.spec.ts's.
 */
describe('The web app in French (browser)', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E('french');
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  /** French heading, `<html lang="fr">`, no English sentence (a user's own name, such as the first admin's "System Administrator", or the starter model's texts may be English). */
  const inFrench = async (page: Page, check: (name: string) => Promise<void>, name: string, heading: string, names: string[] = []) => {
    await visible(page.getByRole('heading', { level: 1, name: heading }));
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^fr/);
    const english = englishLeftIn(await page.evaluate(() => document.body.innerText), names);
    if (english.length > 0) throw new Error(`English left on ${new URL(page.url()).pathname} in French: ${JSON.stringify(english)}`);
    await check(name);
  };

  it('switches the sign-in pages to French, remembers it, and runs the reset wizard in French', async () => {
    const institution = await approvedInstitution(e2e.platform, await signInAsAdmin(e2e.platform));
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
