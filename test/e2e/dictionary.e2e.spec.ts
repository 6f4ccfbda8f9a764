import { type E2E, E2E_TEST_TIMEOUT_MS, PHONE, SETUP_TIMEOUT_MS, startE2E } from '../support/browser';
import { approvedInstitution, bearer, signInAsAdmin } from '../support/actors';
import { adminVisit, field, onPath, signInAsInstitution, visible } from './flows';
import { fr } from './languages';

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

type DictionaryAnswer = {
  views: {
    name: string;
    comment: string | null;
    example: string | null;
    columns: { name: string; type: string; comment: string | null }[];
  }[];
};

/** The data dictionary page, generated from the analytics schema's comments, in the real browser on the real platform. */
describe('The data dictionary page (browser)', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E('dictionary');
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  it("shows every view and column comment of the schema, and an administrator's platform-wide access without its password", async () => {
    const admin = await signInAsAdmin(e2e.platform);
    const answer = await e2e.platform.request('/api/analytics/dictionary', { headers: bearer(admin) });
    expect(answer.status).toBe(200);
    const { views } = answer.body.data as DictionaryAnswer;
    expect(views.length).toBeGreaterThan(5);

    const issued = await e2e.platform.request('/api/admin/database-access', {
      method: 'POST',
      headers: bearer(admin),
      json: { label: 'Risk analyst' },
    });
    expect(issued.status).toBe(201);
    const { role, password } = issued.body.data as { role: string; password: string };

    const { page, check } = await adminVisit(e2e);
    await page.getByRole('link', { name: 'Data dictionary' }).click();
    await onPath(page, '/admin/data-dictionary');
    await visible(page.getByRole('heading', { level: 1, name: 'Data dictionary' }));
    await visible(page.getByRole('heading', { level: 2, name: `analytics.${views[0].name}` }));

    for (const view of views) {
      const section = page.getByRole('region', { name: `analytics.${view.name}` });
      const text = await section.innerText();
      expect(view.comment).toBeTruthy();
      expect(text).toContain(view.comment);
      for (const column of view.columns) {
        expect(column.comment).toBeTruthy();
        expect(text).toContain(column.name);
        expect(text).toContain(column.comment);
      }
      if (view.example) expect(text).toContain(view.example);
    }

    const connection = page.getByRole('region', { name: 'Your database access' });
    await visible(connection.getByText(role, { exact: true }));
    expect(await page.locator('body').innerText()).not.toContain(password);
    await check('data-dictionary-admin');

    // Issued on the page: the password shown once, the role listed; revoked, it leaves the list.
    const panel = page.getByRole('region', { name: 'Platform-wide read access' });
    await panel.getByRole('textbox', { name: 'Who it is for', exact: true }).fill('Compliance officer');
    await panel.getByRole('button', { name: 'Issue access' }).click();
    await visible(panel.getByText('Access issued. Copy the password now: it is shown only once.'));
    const shown = await panel.getByText(/^Password: /).innerText();
    const issuedPassword = shown.replace(/^Password: /, '');
    expect(issuedPassword).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const listed = await e2e.platform.request('/api/admin/database-access', { headers: bearer(admin) });
    const mine = (listed.body.data.accesses as { role: string; label: string; revokedAt: string | null }[]).find(
      (access) => access.label === 'Compliance officer',
    );
    expect(mine).toMatchObject({ revokedAt: null });
    await visible(panel.getByRole('button', { name: `Revoke ${mine!.role}` }));
    await check('data-dictionary-admin-issued');
    await panel.getByRole('button', { name: `Revoke ${mine!.role}` }).click();
    await panel.getByRole('button', { name: `Revoke ${mine!.role}` }).waitFor({ state: 'detached' });
    const after = await e2e.platform.request('/api/admin/database-access', { headers: bearer(admin) });
    expect(
      (after.body.data.accesses as { role: string; revokedAt: string | null }[]).find((access) => access.role === mine!.role),
    ).toMatchObject({
      revokedAt: expect.any(String),
    });
  });

  it('tells an institution without access that the owner issues it from the Team page, in English and French', async () => {
    const admin = await signInAsAdmin(e2e.platform);
    const institution = await approvedInstitution(e2e.platform, admin, 'Dictionary Bank');
    const { page, check } = await e2e.open(await e2e.newContext());
    await page.goto('/');
    await signInAsInstitution(page, institution.email, institution.password);
    await onPath(page, '/workspace-dashboard');
    await page.getByRole('link', { name: 'Data dictionary' }).first().click();
    await onPath(page, '/data-dictionary');
    await visible(page.getByText('You have no database access. The institution owner can issue one from the Team page.'));
    await visible(page.getByRole('heading', { level: 2, name: 'analytics.results' }));
    await check('data-dictionary-institution');

    const french = await e2e.newContext({ viewport: PHONE });
    await french.addInitScript(() => window.localStorage.setItem('language', 'fr'));
    const visit = await e2e.open(french);
    await visit.page.goto('/');
    await field(visit.page, fr.login.email).fill(institution.email);
    await field(visit.page, fr.login.password).fill(institution.password);
    await visit.page.getByRole('button', { name: fr.login.submit, exact: true }).click();
    await onPath(visit.page, '/workspace-dashboard');
    await visit.page.goto('/data-dictionary');
    await visible(visit.page.getByRole('heading', { level: 1, name: fr.dictionary.title }));
    await visible(visit.page.getByText(fr.dictionary.noAccess, { exact: true }));
    await visit.check('data-dictionary-institution-fr');
  });
});
