import type { BrowserContextOptions, Page } from 'playwright-core';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { E2E_TEST_TIMEOUT_MS, SETUP_TIMEOUT_MS, startE2E, type E2E, type Visit } from '../support/browser';
import { adminVisit, field, go, visible } from './flows';
import { fr } from './languages';

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

/**
 * The auditor (issue 22) in the real browser: an administrator creates one through Admin Management's role
 * choice; the auditor signs in through the admin login and reads every admin page with no write on offer;
 * a write forced through the API with the auditor's token is refused.
 */
describe('The auditor (browser)', () => {
  let e2e: E2E;
  let bank: TestInstitution;
  const pendingName = 'Caisse en Attente du Littoral';
  const auditor = { name: 'Aude Auditrice', email: 'aude.auditrice@platform.test', password: 'Auditor-Pass1!' };

  // What writes are called on the admin pages: a button or link whose name starts so is a write.
  const WRITE = /^(Add|Create|Edit|Delete|Deactivate|Activate|Approve|Reject|Save|Update|Discard|Reset)\b/;
  const noWriteOffered = async (page: Page, named: string[]) => {
    for (const name of named) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: WRITE }).allTextContents()).toEqual([]);
    expect(await page.getByRole('link', { name: WRITE }).allTextContents()).toEqual([]);
  };

  const heading = (page: Page, name: string) => visible(page.getByRole('heading', { level: 1, name }));

  const auditorVisit = (language: 'en' | 'fr' = 'en', options: BrowserContextOptions = {}): Promise<Visit> =>
    adminVisit(e2e, language, options, auditor);

  beforeAll(async () => {
    e2e = await startE2E('auditor');
    bank = await approvedInstitution(e2e.platform, await signInAsAdmin(e2e.platform), 'Banque Lue du Golfe');
    const registered = await e2e.platform.request('/api/institution/create', {
      method: 'POST',
      json: { name: pendingName, email: 'ops@attente-littoral.test', password: 'Institution-Pass1!' },
    });
    if (registered.status !== 201) throw new Error(`registration failed: ${JSON.stringify(registered.body)}`);
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  it('an administrator creates an auditor with the role choice; the role shows in the list and is locked where it cannot change', async () => {
    const { page, check } = await adminVisit(e2e);
    await page.goto('/admin/manage');
    await heading(page, 'Admin Management');
    await page.getByRole('button', { name: 'Add Administrator' }).click();
    const create = page.getByRole('dialog', { name: 'Add Administrator' });
    // A new account is an administrator unless chosen otherwise.
    await expect(create.getByRole('radio', { name: 'Administrator' }).isChecked()).resolves.toBe(true);
    await field(page, 'Name').fill(auditor.name);
    await field(page, 'Email').fill(auditor.email);
    await field(page, 'Password').fill(auditor.password);
    await field(page, 'Confirm Password').fill(auditor.password);
    await create.getByRole('radio', { name: 'Auditor' }).check();
    await visible(create.getByText('Reads the whole admin console and changes nothing: for compliance and audit.'));
    await check('admins-create-auditor');
    await create.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByText('Admin created successfully'));
    const row = page.getByRole('row').filter({ hasText: auditor.email });
    await visible(row.getByRole('cell', { name: 'Auditor', exact: true }));
    await visible(
      page.getByRole('row').filter({ hasText: 'admin@platform.test' }).getByRole('cell', { name: 'Administrator', exact: true }),
    );
    await check('admins-with-auditor');

    // One's own role cannot change (the only active administrator's neither): disabled, with the reason.
    await page.getByRole('button', { name: /^Edit System Administrator/ }).click();
    const own = page.getByRole('dialog', { name: 'Edit Administrator' });
    await expect(own.getByRole('radio', { name: 'Auditor' }).isDisabled()).resolves.toBe(true);
    await visible(own.getByText('You cannot change the role of your own account.'));
    await check('admins-edit-own-role');
    await own.getByRole('button', { name: 'Cancel' }).click();

    // The auditor's role can change; it stays what it is when left alone.
    await page.getByRole('button', { name: `Edit ${auditor.name}` }).click();
    const other = page.getByRole('dialog', { name: 'Edit Administrator' });
    await expect(other.getByRole('radio', { name: 'Auditor' }).isChecked()).resolves.toBe(true);
    await expect(other.getByRole('radio', { name: 'Administrator' }).isDisabled()).resolves.toBe(false);
    await other.getByRole('button', { name: 'Cancel' }).click();

    const listed = await e2e.platform.request('/api/admin/getAllAdmins', { headers: bearer(await signInAsAdmin(e2e.platform)) });
    expect((listed.body.data as { email: string; role: string }[]).find((admin) => admin.email === auditor.email)?.role).toBe('auditor');
  });

  it('the auditor signs in through the admin login and reads every admin page with no write on offer; a forced write is refused', async () => {
    const { page, check } = await auditorVisit();
    await heading(page, 'Admin Dashboard');
    // The top bar says why no page offers a write.
    await visible(page.getByRole('banner').getByText('Read-only', { exact: true }));
    await visible(page.getByRole('heading', { name: 'Recent Activity' }));
    await noWriteOffered(page, []);
    // The ways into the console say what there is to read, not actions the auditor cannot take.
    await visible(page.getByRole('link', { name: /Institution Management/ }).getByText('Registrations and the decisions taken on them.'));
    expect(await page.getByText(/approve or reject|activate, deactivate/).count()).toBe(0);
    await check('auditor-dashboard');

    // Approvals: the review opens and steps with Next, with no Approve or Reject.
    await go(page, '/admin/institution');
    await heading(page, 'Institution Approvals');
    await page.getByRole('button', { name: `Review ${pendingName}` }).click();
    await visible(page.getByRole('heading', { name: /Institution Information/ }));
    await page.getByRole('button', { name: 'Next' }).click();
    await visible(page.getByRole('heading', { name: /Primary Administrator/ }));
    await noWriteOffered(page, ['Approve & Continue', 'Reject', 'Approve Application']);
    await check('auditor-approvals-review');

    await go(page, '/admin/users');
    await heading(page, 'User Management');
    await page.getByRole('button', { name: `Show details of ${bank.name}` }).click();
    await visible(page.getByText(`AUTH-${bank.id}`));
    await noWriteOffered(page, [`Deactivate ${bank.name}`, `Edit ${bank.name}`, `Delete ${bank.name}`]);
    await check('auditor-users');

    await go(page, '/admin/manage');
    await heading(page, 'Admin Management');
    await visible(page.getByRole('row').filter({ hasText: auditor.email }).getByRole('cell', { name: 'Auditor', exact: true }));
    await noWriteOffered(page, ['Add Administrator', 'Edit System Administrator', 'Deactivate System Administrator']);
    await check('auditor-admins');

    // The model's pages: the tables without their actions column, no Add.
    const modelPages: [string, string, string, string[]][] = [
      ['/admin/variables', 'Variable Management', 'Variables', ['Add Variable']],
      ['/admin/categories', 'Category Management', 'Variable categories', ['Add Category']],
      ['/admin/formula?tab=categories', 'Parameter Management', 'Variable categories', ['Add Category']],
      ['/admin/formula?tab=variables', 'Parameter Management', 'Variables', ['Add Variable']],
      ['/admin/formula?tab=parameters', 'Parameter Management', 'Parameter templates', ['Add Parameter']],
      ['/admin/parameters', 'Institution Parameter Management', 'Parameter templates', ['Create Parameter']],
    ];
    for (const [path, title, table, named] of modelPages) {
      await go(page, path);
      await heading(page, title);
      const grid = page.getByRole('table', { name: table });
      await visible(grid.getByRole('row').nth(2));
      expect(await grid.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
      await noWriteOffered(page, named);
      await check(`auditor-${path.replace(/^\/admin\//, '').replace(/[?=]/g, '-')}`);
    }

    // One institution's values: listed, and its editor read-only with no Save.
    await go(page, `/admin/parameters?institutionId=${bank.id}`);
    await visible(
      page
        .getByRole('table', { name: `Parameter values of ${bank.name}` })
        .getByRole('row')
        .nth(2),
    );
    await noWriteOffered(page, []);
    await go(page, `/institution/${bank.id}/parameters`);
    await heading(page, 'Institution Parameters');
    const values = page.getByRole('form', { name: /./ }).getByRole('spinbutton');
    await visible(values.first());
    for (const input of await values.all()) await expect(input.isDisabled()).resolves.toBe(true);
    await noWriteOffered(page, ['Save Changes']);
    await check('auditor-institution-values');

    await go(page, '/admin/settings');
    await heading(page, 'System Settings');
    await visible(page.getByRole('heading', { name: 'System Information' }));
    await noWriteOffered(page, ['Edit Settings']);
    await check('auditor-settings');

    await go(page, '/admin/audit');
    await heading(page, 'Audit Logs');
    await visible(page.getByRole('button', { name: 'Export CSV' }));
    await noWriteOffered(page, []);
    await check('auditor-audit');

    await go(page, '/result');
    await heading(page, 'Assessment Results');
    await noWriteOffered(page, []);
    await check('auditor-results');

    // The server refuses what the screens do not offer: a write with the auditor's own token is a 403.
    const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
    expect(token).toBeTruthy();
    const forced = await e2e.platform.request('/api/admin/create', {
      method: 'POST',
      headers: bearer(token as string),
      json: { name: 'Not Allowed', email: 'not.allowed@platform.test', password: 'Nope-Pass1!', confirmPassword: 'Nope-Pass1!' },
    });
    expect(forced.status).toBe(403);
    expect(forced.body.message).toBe('Auditors have read-only access');
    const approve = await e2e.platform.request(`/api/admin/institutions/${bank.id}/approve`, {
      method: 'POST',
      headers: bearer(token as string),
    });
    expect(approve.status).toBe(403);
    expect(approve.body.message).toBe('Auditors have read-only access');
  });

  it('in French, the administrator chooses the role and the auditor reads Admin Management with the role in each row', async () => {
    const admin = await adminVisit(e2e, 'fr');
    await admin.page.goto('/admin/manage');
    await heading(admin.page, fr.pages.admins);
    await visible(
      admin.page.getByRole('row').filter({ hasText: auditor.email }).getByRole('cell', { name: fr.admin.admins.roles.auditor }),
    );
    await admin.page.getByRole('button', { name: fr.admin.admins.add }).click();
    const create = admin.page.getByRole('dialog', { name: fr.admin.admins.createTitle });
    await visible(create.getByRole('radiogroup', { name: fr.admin.admins.role }));
    await create.getByRole('radio', { name: fr.admin.admins.roles.auditor }).check();
    await admin.check('fr-admins-create-auditor');
    await create.getByRole('button', { name: 'Annuler' }).click();
    await admin.check('fr-admins');

    const { page, check } = await auditorVisit('fr');
    await page.goto('/admin/manage');
    await heading(page, fr.pages.admins);
    await visible(page.getByRole('row').filter({ hasText: auditor.email }).getByRole('cell', { name: fr.admin.admins.roles.auditor }));
    expect(await page.getByRole('button', { name: fr.admin.admins.add }).count()).toBe(0);
    expect(await page.getByRole('button', { name: new RegExp(`^(${fr.admin.common.edit}|${fr.admin.admins.deactivate})`) }).count()).toBe(
      0,
    );
    await check('fr-auditor-admins');
  });
});
