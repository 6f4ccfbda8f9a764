import { type E2E, E2E_TEST_TIMEOUT_MS, SETUP_TIMEOUT_MS, startE2E } from '../support/browser';
import { approvedInstitution, bearer, signInAsAdmin } from '../support/actors';
import { onPath, signInAsInstitution, visible } from './flows';
import { englishLeftIn, fr } from './languages';
import { en as legalEn } from '../../web/src/features/legal/content/en';
import { fr as legalFr } from '../../web/src/features/legal/content/fr';

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

/** Terms, Privacy and Support in the real browser: from the sign-in page and the workspace, in English and French. */
describe('Terms, Privacy and Support (browser)', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E('legal');
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  it('opens each page from the sign-in page signed out, in English then in French, and Support shows the saved contact', async () => {
    const admin = await signInAsAdmin(e2e.platform);
    const saved = await e2e.platform.request('/api/admin/settings', {
      method: 'PUT',
      headers: bearer(admin),
      json: { systemName: 'Plateforme Crédit Douala', adminEmail: 'assistance@credit.test' },
    });
    expect(saved.status).toBe(200);
    await e2e.platform.request('/api/admin/settings', { headers: bearer(admin) });

    const context = await e2e.newContext();
    const { page, check } = await e2e.open(context);
    for (const [link, path, heading] of [
      ['Terms', '/terms', legalEn.terms.title],
      ['Privacy', '/privacy', legalEn.privacy.title],
      ['Support', '/support', 'Support'],
    ] as const) {
      await page.goto('/');
      await page.getByRole('link', { name: link, exact: true }).click();
      await onPath(page, path);
      await visible(page.getByRole('heading', { level: 1, name: heading }));
      await check(`${path.slice(1)}-en`);
    }
    await visible(page.getByRole('link', { name: 'assistance@credit.test' }));

    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Français' });
    for (const [link, path, heading] of [
      [fr.legal.terms, '/terms', legalFr.terms.title],
      [fr.legal.privacy, '/privacy', legalFr.privacy.title],
      [fr.legal.support, '/support', fr.legal.supportPage.title],
    ] as const) {
      await page.getByRole('navigation', { name: fr.legal.links }).getByRole('link', { name: link, exact: true }).click();
      await onPath(page, path);
      await visible(page.getByRole('heading', { level: 1, name: heading }));
      const text = await page.evaluate(() => document.body.innerText);
      expect(englishLeftIn(text, ['Plateforme Crédit Douala'])).toEqual([]);
      for (const sentence of Object.values(legalEn).flatMap((document) => [
        document.summary,
        ...document.sections.flatMap((section) => section.paragraphs),
      ]))
        expect(text).not.toContain(sentence);
      await check(`${path.slice(1)}-fr`);
    }
    await visible(page.getByRole('link', { name: 'assistance@credit.test' }));
  });

  it('links the pages from registration and from the workspace, and leads back to the dashboard', async () => {
    const institution = await approvedInstitution(e2e.platform, await signInAsAdmin(e2e.platform));
    const context = await e2e.newContext();
    const { page, check } = await e2e.open(context);
    await page.goto('/register');
    const label = page.locator('label').filter({ has: page.getByRole('checkbox') });
    await expect(label.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).resolves.toBe('/terms');
    await expect(label.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).resolves.toBe('/privacy');

    await page.goto('/');
    await signInAsInstitution(page, institution.email, institution.password);
    await onPath(page, '/workspace-dashboard');
    await page.getByRole('navigation', { name: 'Legal and help' }).getByRole('link', { name: 'Support' }).click();
    await onPath(page, '/support');
    await visible(page.getByRole('heading', { level: 1, name: 'Support' }));
    await check('support-signed-in');
    await page.getByRole('link', { name: 'Back to your dashboard' }).click();
    await onPath(page, '/workspace-dashboard');
  });
});
