import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { bearer, signInAsAdmin } from '../support/actors';
import { E2E_TEST_TIMEOUT_MS, SETUP_TIMEOUT_MS, startE2E, type E2E } from '../support/browser';
import {
  adminVisit,
  errorBanner,
  field,
  go,
  hidden,
  message,
  onPath,
  signInAsAdministrator,
  signInAsInstitution,
  until,
  visible,
} from './flows';

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

/** The administrator console (issue 12) in the real browser: approvals, settings, audit, users, admins, dashboard, French. */
describe('The administrator console (browser)', () => {
  let e2e: E2E;
  const approvedName = 'Banque Approuvée du Sahel';
  const rejectedName = 'Microfinance Refusée SA';
  const reason = 'Registration documents could not be verified with COBAC.';

  const register = async (name: string, email: string) => {
    const answer = await e2e.platform.request('/api/institution/create', {
      method: 'POST',
      json: { name, email, password: 'Institution-Pass1!' },
    });
    if (answer.status !== 201) throw new Error(`registration failed: ${JSON.stringify(answer.body)}`);
    return answer.body.data.id as number;
  };

  const adminPage = (language: 'en' | 'fr' = 'en') => adminVisit(e2e, language, { acceptDownloads: true });

  const heading = (page: Page, name: string) => visible(page.getByRole('heading', { level: 1, name }));

  beforeAll(async () => {
    e2e = await startE2E('admin-console');
    await register(approvedName, 'credit@sahel-bank.test');
    await register(rejectedName, 'ops@refusee.test');
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  it('approves one institution through the 4-step review and rejects another with a reason, which stays visible on it', async () => {
    const { page, check } = await adminPage();
    await page.getByRole('link', { name: /Institution Management/ }).click();
    await onPath(page, '/admin/institution');
    await heading(page, 'Institution Approvals');
    // Pending is the default filter, with its count.
    await visible(page.getByRole('button', { name: 'Pending 2', pressed: true }));
    await visible(page.getByText(approvedName));
    await check('approvals-pending');

    // The search matches the registration number and the email too.
    await page.getByRole('searchbox', { name: 'Search institutions' }).fill('nothing-like-this');
    await visible(message(page, 'No institutions found matching your search criteria'));
    await page.getByRole('searchbox', { name: 'Search institutions' }).fill('sahel-bank');
    await hidden(page.getByText(rejectedName));
    await page.getByRole('searchbox', { name: 'Search institutions' }).fill('');
    await visible(page.getByText(rejectedName));

    await page.getByRole('button', { name: `Review ${approvedName}` }).click();
    await visible(page.getByRole('heading', { name: /Institution Information/ }));
    await expect(page.getByRole('button', { name: 'Previous' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Approve & Continue' }).click();
    await visible(page.getByRole('heading', { name: /Primary Administrator/ }));
    await page.getByRole('button', { name: 'Previous' }).click();
    await visible(page.getByRole('heading', { name: /Institution Information/ }));
    await page.getByRole('button', { name: 'Approve & Continue' }).click();
    await page.getByRole('button', { name: 'Approve & Continue' }).click();
    await visible(page.getByRole('heading', { name: /Account Security/ }));
    await page.getByRole('button', { name: 'Approve & Continue' }).click();
    await visible(page.getByRole('heading', { name: /Terms & Compliance/ }));
    await check('approvals-review-step-4');
    await page.getByRole('button', { name: 'Approve Application' }).click();
    await visible(page.getByText('Institution approved successfully'));
    await hidden(page.getByText(approvedName));
    await visible(page.getByRole('button', { name: 'Approved 1' }));
    // The success message goes after 3 seconds.
    await hidden(page.getByText('Institution approved successfully'), 6000);

    await page.getByRole('button', { name: `Review ${rejectedName}` }).click();
    await page.getByRole('button', { name: 'Approve & Continue' }).click();
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Application' });
    await visible(dialog);
    const confirm = dialog.getByRole('button', { name: 'Confirm Rejection' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByRole('textbox', { name: 'Reason for rejection' }).fill('   ');
    await dialog.getByRole('textbox', { name: 'Reason for rejection' }).blur();
    await visible(dialog.getByText('Please provide a reason for rejection'));
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await check('approvals-reject-dialog');
    await dialog.getByRole('textbox', { name: 'Reason for rejection' }).fill(reason);
    await confirm.click();
    await visible(page.getByText('Institution rejected successfully'));
    await visible(message(page, 'There are no pending institutions to review'));
    await check('approvals-empty');

    await page.getByRole('button', { name: 'Rejected 1' }).click();
    await page.getByRole('button', { name: `Review ${rejectedName}` }).click();
    await visible(page.getByText(reason));
    await check('approvals-rejected-reason');

    // The approved institution can sign in now; the rejected one cannot.
    const approved = await e2e.platform.request('/api/institution/login', {
      method: 'POST',
      json: { email: 'credit@sahel-bank.test', password: 'Institution-Pass1!' },
    });
    expect(approved.status).toBe(200);
    const rejected = await e2e.platform.request('/api/institution/login', {
      method: 'POST',
      json: { email: 'ops@refusee.test', password: 'Institution-Pass1!' },
    });
    expect(rejected.status).toBe(403);
  });

  it('saves a setting that survives a restart of the platform, and keeps a blank API key', async () => {
    const { page, check } = await adminPage();
    await go(page, '/admin/settings');
    await heading(page, 'System Settings');
    await visible(page.getByText('Credit Intelligence Platform'));
    await visible(page.getByRole('heading', { name: 'System Information' }));
    await check('settings-read');

    await page.getByRole('button', { name: 'Edit Settings' }).click();
    await field(page, 'System Name').fill('');
    await page.getByRole('spinbutton', { name: 'Data Retention (days)' }).fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(message(page, 'System name is required'));
    await visible(message(page, 'Data retention days must be a whole number from 1 to 36500'));
    await check('settings-edit-errors');
    await field(page, 'System Name').fill('Plateforme Crédit CEMAC');
    await page.getByRole('spinbutton', { name: 'Data Retention (days)' }).fill('730');
    await field(page, 'API Key').fill('sk-test-123456');
    await page.getByRole('switch', { name: 'Enable Batch Processing' }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Settings saved successfully'));
    await visible(page.getByText('Plateforme Crédit CEMAC'));
    await visible(page.getByText('730 days'));
    await visible(page.getByText('Set (hidden)'));

    await e2e.platform.restart();
    await page.reload();
    await visible(page.getByText('Plateforme Crédit CEMAC'));
    await visible(page.getByText('730 days'));
    // Edit again, change nothing but the name back, leave the key blank: the key stays set.
    await page.getByRole('button', { name: 'Edit Settings' }).click();
    await visible(page.getByText('A key is set. Leave blank to keep it; it is never shown.'));
    await page.getByRole('switch', { name: 'Enable Batch Processing' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Settings saved successfully'));
    await visible(page.getByText('Set (hidden)'));
    await check('settings-saved');

    const admin = await signInAsAdmin(e2e.platform);
    const stored = await e2e.platform.request('/api/admin/settings', { headers: bearer(admin) });
    expect(stored.body.data).toMatchObject({ systemName: 'Plateforme Crédit CEMAC', dataRetentionDays: 730, apiKeySet: true });
    expect(JSON.stringify(stored.body)).not.toContain('sk-test-123456');
  });

  it('filters the audit log, shows an entry in the drawer, pages in the URL and exports the filtered rows as CSV', async () => {
    const { page, check } = await adminPage();
    await go(page, '/admin/audit');
    await heading(page, 'Audit Logs');
    await check('audit');

    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Update' });
    await page.waitForURL((url) => url.searchParams.get('action') === 'update');
    await visible(page.getByRole('cell', { name: /Approved institution REG-\d+/ }));
    await visible(page.getByRole('cell', { name: new RegExp(`Rejected institution REG-\\d+: ${reason}`) }));
    await page.getByRole('searchbox', { name: 'User' }).fill('System Administrator');
    await page.waitForURL((url) => url.searchParams.get('user') === 'System Administrator');
    await hidden(page.getByRole('cell', { name: `Institution ${approvedName} registered` }));
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.waitForURL((url) => url.searchParams.get('to') === today);
    await visible(page.getByRole('cell', { name: /Approved institution REG-\d+/ }));
    await check('audit-filtered');

    await page
      .getByRole('row', { name: /Details of entry/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: 'Audit entry' });
    await visible(drawer);
    await visible(drawer.getByText('System Administrator (admin #1)'));
    await visible(drawer.getByText('What changed'));
    await check('audit-drawer');
    await drawer.getByRole('button', { name: 'Close details' }).click();
    await hidden(drawer);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = await readFile((await download.path()) as string, 'utf8');
    const lines = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Timestamp,User,Role,User ID,Action,Description,IP Address,Institution ID,Event,Details');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(1).every((line) => line.includes(',System Administrator,admin,1,update,'))).toBe(true);
    expect(csv).toContain('Approved institution REG-');
    await visible(page.getByText(/\d+ entries exported/));

    // A filter nothing matches says so.
    await go(page, `/admin/audit?from=2001-01-01&to=2001-01-02`);
    await visible(message(page, 'No activity matches these filters'));
  });

  it('edits and deletes an institution in user management, and creates, edits and deactivates an administrator', async () => {
    const id = await register('Caisse Populaire de Test', 'caisse@populaire.test');
    const admin = await signInAsAdmin(e2e.platform);
    await e2e.platform.request(`/api/admin/institutions/${id}/approve`, { method: 'POST', headers: bearer(admin) });
    const { page, check } = await adminPage();
    await go(page, '/admin/users');
    await heading(page, 'User Management');
    await visible(page.getByText('Caisse Populaire de Test'));
    await page.getByRole('button', { name: 'Show details of Caisse Populaire de Test' }).click();
    await visible(page.getByText(`AUTH-${id}`));
    await check('users');

    await page.getByRole('button', { name: 'Edit Caisse Populaire de Test' }).click();
    const edit = page.getByRole('dialog');
    await field(page, 'Institution Name').fill('C');
    await edit.getByRole('button', { name: 'Save' }).click();
    await visible(message(page, 'Institution name must be at least 2 characters'));
    await field(page, 'Institution Name').fill('Caisse Populaire Renommée');
    await edit.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Institution updated successfully'));
    await visible(page.getByText('Caisse Populaire Renommée'));

    await page.getByRole('button', { name: 'Deactivate Caisse Populaire Renommée' }).click();
    const deactivate = page.getByRole('dialog', { name: 'Deactivate institution' });
    await expect(deactivate.getByRole('textbox', { name: 'Comment' }).inputValue()).resolves.toBe('Deactivated from User Management');
    await check('users-deactivate');
    await deactivate.getByRole('button', { name: 'Deactivate' }).click();
    await visible(page.getByText('Institution deactivated successfully'));
    await visible(page.getByRole('button', { name: 'Activate Caisse Populaire Renommée' }));
    await page.getByRole('button', { name: 'Activate Caisse Populaire Renommée' }).click();
    await visible(page.getByText('Institution activated successfully'));

    await page.getByRole('button', { name: 'Delete Caisse Populaire Renommée' }).click();
    await page.getByRole('dialog', { name: 'Delete institution' }).getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('Institution account closed'));
    await hidden(page.getByText('Caisse Populaire Renommée'));

    await go(page, '/admin/manage');
    await heading(page, 'Admin Management');
    await expect(page.getByRole('button', { name: 'Deactivate System Administrator' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Add Administrator' }).click();
    const create = page.getByRole('dialog', { name: 'Add Administrator' });
    await create.getByRole('button', { name: 'Create' }).click();
    await visible(message(page, 'Name is required'));
    await field(page, 'Name').fill('Awa Ndiaye');
    await field(page, 'Email').fill('awa.ndiaye');
    await field(page, 'Password').fill('Second-Admin1!');
    await field(page, 'Confirm Password').fill('Second-Admin2!');
    await create.getByRole('button', { name: 'Create' }).click();
    await visible(message(page, 'Invalid email format'));
    await visible(message(page, 'Passwords do not match'));
    await check('admins-create-errors');
    await field(page, 'Email').fill('awa.ndiaye@platform.test');
    await field(page, 'Confirm Password').fill('Second-Admin1!');
    await create.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByText('Admin created successfully'));
    await visible(page.getByRole('cell', { name: 'awa.ndiaye@platform.test' }));

    // The new administrator signs in, in a browser of her own.
    const awa = await e2e.open(await e2e.newContext());
    await awa.page.goto('/admin');
    await signInAsAdministrator(awa.page, 'awa.ndiaye@platform.test', 'Second-Admin1!');
    await onPath(awa.page, '/admin/dashboard');
    await visible(awa.page.getByText('Awa Ndiaye').first());

    await page.getByRole('button', { name: 'Edit Awa Ndiaye' }).click();
    await field(page, 'Name').fill('Awa Ndiaye Diop');
    await page.getByRole('dialog', { name: 'Edit Administrator' }).getByRole('button', { name: 'Update' }).click();
    await visible(page.getByText('Admin updated successfully'));
    await page.getByRole('button', { name: 'Deactivate Awa Ndiaye Diop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate administrator' });
    await check('admins-deactivate');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await visible(page.getByText('Admin deactivated successfully'));
    // The list is fetched again after the toast; her row's button is disabled once it arrives.
    await until(() => page.getByRole('button', { name: 'Deactivate Awa Ndiaye Diop' }).isDisabled(), true);
    await check('admins');
    // Her open session ends at her next step.
    await awa.page.reload();
    await awa.page.waitForURL((url) => !url.pathname.startsWith('/admin/') || url.pathname === '/admin/login');
    expect(await awa.page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
  });

  it('deactivates an institution, whose open session in another browser ends, then reactivates it; the audit log names the admin for each step', async () => {
    const email = 'agence@tontine-du-centre.test';
    const id = await register('Tontine du Centre', email);
    await e2e.platform.request(`/api/admin/institutions/${id}/approve`, {
      method: 'POST',
      headers: bearer(await signInAsAdmin(e2e.platform)),
    });
    const bank = await e2e.open(await e2e.newContext());
    await bank.page.goto('/');
    await signInAsInstitution(bank.page, email, 'Institution-Pass1!');
    await onPath(bank.page, '/workspace-dashboard');

    const { page } = await adminPage();
    await go(page, '/admin/users');
    await page.getByRole('button', { name: 'Deactivate Tontine du Centre' }).click();
    const deactivate = page.getByRole('dialog', { name: 'Deactivate institution' });
    await deactivate.getByRole('textbox', { name: 'Comment' }).fill('Licence suspended by COBAC');
    await deactivate.getByRole('button', { name: 'Deactivate' }).click();
    await visible(page.getByText('Institution deactivated successfully'));

    // The institution's next step ends its session; signing in again is refused while inactive.
    await bank.page.getByRole('link', { name: 'Results', exact: true }).click();
    await onPath(bank.page, '/');
    await signInAsInstitution(bank.page, email, 'Institution-Pass1!');
    await visible(errorBanner(bank.page, 'Your institution account has been deactivated'));

    await page.getByRole('button', { name: 'Activate Tontine du Centre' }).click();
    await visible(page.getByText('Institution activated successfully'));
    await signInAsInstitution(bank.page, email, 'Institution-Pass1!');
    await onPath(bank.page, '/result'); // where the session ended

    await go(page, `/admin/audit?user=${encodeURIComponent('System Administrator')}`);
    for (const description of [
      `Approved institution REG-${id}`,
      `Deactivated institution REG-${id}: Licence suspended by COBAC`,
      `Activated institution REG-${id}`,
    ]) {
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: description, exact: true }) });
      await visible(row);
      await visible(row.getByRole('cell', { name: /^System Administrator/ }));
    }
  });

  it('shows the dashboard with real figures, the six cards and the chart', async () => {
    const token = await signInAsAdmin(e2e.platform);
    const figures = (await e2e.platform.request('/api/admin/dashboard', { headers: bearer(token) })).body.data;
    const approvals = (await e2e.platform.request('/api/admin/institutions?status=all', { headers: bearer(token) })).body.data;
    // The dashboard's pending figure agrees with the approvals list, read on its own.
    expect(figures.pendingApprovals.value).toBe(approvals.counts.pending);
    const { page, check } = await adminPage();
    await heading(page, 'Admin Dashboard');
    const cards: [string, number][] = [
      ['Total Users', figures.totalUsers.value],
      ['Active Institutions', figures.activeInstitutions.value],
      ['Pending Approvals', figures.pendingApprovals.value],
      ['System Parameters', figures.systemParameters.value],
    ];
    for (const [label, value] of cards) {
      const card = page.locator('.MuiPaper-root').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
      await visible(card.locator('p').filter({ hasText: new RegExp(`^${value}$`) }));
    }
    await visible(page.getByText(/from last month/).first());
    // The chart is drawn as it nears the screen.
    await page.locator('section[aria-labelledby="admin-chart-title"]').scrollIntoViewIfNeeded();
    await visible(page.locator('.recharts-surface').first());
    await visible(page.getByRole('heading', { name: 'Recent Activity' }));
    await check('dashboard');
    await page.getByRole('link', { name: /System Admin Management/ }).click();
    await onPath(page, '/admin/manage');
  });
});
