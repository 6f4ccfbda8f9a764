import { type E2E, E2E_TEST_TIMEOUT_MS, SETUP_TIMEOUT_MS, startE2E } from '../support/browser';
import { approvedInstitution, signInAsAdmin } from '../support/actors';
import { TEST_ADMIN } from '../support/testPlatform';
import { errorBanner, field, onPath, signInAsAdministrator, signInAsInstitution, storages, visible } from './flows';

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

/** The administrators' way in and the guard between the two kinds of user, in the real browser. */
describe('Administrator sign-in and the guard (browser)', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E('admin-sign-in');
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  it('signs an administrator in at /admin, refuses a wrong password, and signs out to /admin/login', async () => {
    const { page, check } = await e2e.open(await e2e.newContext());
    await page.goto('/admin');
    await visible(page.getByRole('button', { name: 'Sign in as Administrator' }));
    await check('admin-login');

    await signInAsAdministrator(page, TEST_ADMIN.email, 'not-the-password');
    await visible(errorBanner(page, 'Invalid email or password'));
    await check('admin-login-refused');

    await field(page, 'Password').fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in as Administrator' }).click();
    await onPath(page, '/admin/dashboard');
    await visible(page.getByRole('heading', { level: 1 }));
    expect(await page.title()).toBe('Credit Intelligence - System Administrator');
    expect((await storages(page)).session.adminAuthenticated).toBe('true');
    await check('admin-dashboard');

    // Signed in, the admin login pages lead to the dashboard.
    await page.goto('/admin/login');
    await onPath(page, '/admin/dashboard');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'System Settings' }).click();
    await onPath(page, '/admin/settings');
    await visible(page.getByRole('link', { name: 'Back to Dashboard' }));
    await check('admin-settings');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await onPath(page, '/admin/dashboard');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await onPath(page, '/admin/login');
    await visible(page.getByRole('button', { name: 'Sign in as Administrator' }));
    expect((await storages(page)).session.token).toBeUndefined();
    await check('admin-login-after-logout');
    await page.getByRole('link', { name: 'Go to Institution Login' }).click();
    await onPath(page, '/');
  });

  it('sends a signed-out visitor of an admin page to / and back there after the administrator signs in', async () => {
    const { page } = await e2e.open(await e2e.newContext());
    await page.goto('/admin/institution');
    await onPath(page, '/');
    await page.getByRole('link', { name: 'Administrator sign in' }).click();
    await onPath(page, '/admin');
    await signInAsAdministrator(page, TEST_ADMIN.email, TEST_ADMIN.password);
    await onPath(page, '/admin/institution');
  });

  it('sends an institution away from admin pages to its workspace', async () => {
    const institution = await approvedInstitution(e2e.platform, await signInAsAdmin(e2e.platform));
    const { page } = await e2e.open(await e2e.newContext());
    await page.goto('/');
    await signInAsInstitution(page, institution.email, institution.password);
    await onPath(page, '/workspace-dashboard');
    for (const path of ['/admin/dashboard', '/admin/users', '/admin/settings']) {
      await page.goto(path);
      await onPath(page, '/workspace-dashboard');
      await visible(page.getByRole('heading', { level: 1, name: 'Workspace Dashboard' }));
    }
    // An institution's credentials are not an administrator's.
    await page.getByRole('button', { name: 'Logout' }).click();
    await onPath(page, '/');
    await page.goto('/admin');
    await signInAsAdministrator(page, institution.email, institution.password);
    await visible(page.getByRole('alert').filter({ hasText: 'Error' }));
    expect(page.url()).toMatch(/\/admin$/);
  });
});
