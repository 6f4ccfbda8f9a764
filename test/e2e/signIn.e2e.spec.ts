import { join } from 'node:path';
import { type E2E, E2E_TEST_TIMEOUT_MS, SCREENSHOTS_DIR, SETUP_TIMEOUT_MS, startE2E } from '../support/browser';
import { approvedInstitution, signInAsAdmin } from '../support/actors';
import { TEST_ADMIN } from '../support/testPlatform';
import {
  approveByEmail,
  errorBanner,
  field,
  hidden,
  message,
  onPath,
  signInAsAdministrator,
  signInAsInstitution,
  storages,
  until,
  visible,
} from './flows';

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

/**
 * The ways in, in the real browser: an institution registers, waits for approval, signs in, stays or is
 * signed out; an administrator signs in at /admin; the guard keeps each kind of user to its own pages.
 */
describe('Sign-in and the guard (browser)', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E('sign-in');
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  it('registers after every validation message, is refused while pending, and after approval lands in the workspace', async () => {
    const context = await e2e.newContext();
    const { page, check } = await e2e.open(context);
    await page.goto('/');
    await visible(page.getByRole('heading', { level: 1 }));
    await check('login');
    // The label rests inside the empty field and moves onto the border on focus and once there is a value
    // (CSS alone, autofill included): its scale is 1 at rest, 0.75 on the border.
    const labelScale = () =>
      page.locator('label[for="login-email"]').evaluate((label) => new DOMMatrix(getComputedStyle(label).transform).a);
    await until(labelScale, 1);
    await field(page, 'Email').focus();
    await until(labelScale, 0.75);
    await field(page, 'Email').fill('someone@bank.test');
    await page.getByRole('heading', { level: 1 }).click();
    await until(labelScale, 0.75);
    await field(page, 'Email').fill('');
    await page.getByRole('heading', { level: 1 }).click();
    await until(labelScale, 1);
    await page.getByRole('link', { name: 'Register your institution' }).click();
    await onPath(page, '/register');
    await visible(page.getByRole('heading', { name: 'Register Your Financial Institution' }));
    await check('register');

    const name = field(page, 'Institution Name');
    const email = field(page, 'Business Email');
    const password = field(page, 'Password');
    const confirm = field(page, 'Confirm Password');
    const submit = page.getByRole('button', { name: 'Create Institution Account' });

    // Submitting the empty form shows each field's first failing rule.
    await submit.click();
    for (const text of [
      'Institution name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
      'You must accept the terms and conditions',
    ]) {
      await visible(message(page, text));
    }
    await check('register-required');

    // On blur: the second rule of each field.
    await name.fill('B');
    await email.fill('not-an-email');
    await password.fill('short');
    await confirm.fill('something-else');
    await confirm.blur();
    for (const text of [
      'Institution name must be at least 2 characters',
      'Please enter a valid email address',
      'Password must be at least 8 characters',
      'Passwords do not match',
    ]) {
      await visible(message(page, text));
    }
    await check('register-rules');

    // Editing a field clears its message.
    await name.fill('Banque Atlantique du Test');
    await hidden(message(page, 'Institution name must be at least 2 characters'));
    const address = `treasury-${Date.now()}@atlantique.test`;
    await email.fill(address);
    await hidden(message(page, 'Please enter a valid email address'));
    await password.fill('Atlantique-Pass1!');
    await confirm.fill('Atlantique-Pass1!');
    await hidden(message(page, 'Passwords do not match'));
    await page.getByRole('checkbox', { name: 'I accept the terms and conditions and the privacy policy' }).check();
    await hidden(message(page, 'You must accept the terms and conditions'));

    // Accepted as soon as it opens, whether or not the click has returned (under load the click once timed out with the alert open).
    const alert = page.waitForEvent('dialog').then(async (dialog) => {
      await dialog.accept();
      return dialog;
    });
    await submit.click();
    const dialog = await alert;
    expect(dialog.type()).toBe('alert');
    expect(dialog.message()).toBe(
      `Registration successful! Your institution account has been created and is pending approval. You will receive an email at ${address} once your account is approved by the administrators. Please note that your account is currently inactive until approved.`,
    );
    await onPath(page, '/');

    // Pending: the server's refusal in the Error banner, which can be dismissed.
    await signInAsInstitution(page, address, 'Atlantique-Pass1!');
    const banner = errorBanner(page, 'Your institution account is inactive until an administrator approves it.');
    await visible(banner);
    await check('login-pending-refused');
    await banner.getByRole('button', { name: 'Close' }).click();
    await hidden(banner);

    await approveByEmail(e2e.platform, address);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await onPath(page, '/workspace-dashboard');
    await visible(page.getByRole('heading', { level: 1, name: 'Workspace Dashboard' }));
    const topBar = page.getByRole('banner');
    await visible(topBar.getByText('Banque Atlantique du Test').first());
    expect(await page.title()).toBe("Credit Intelligence - Africa's Premium Credit Intelligence");
    for (const link of ['Dashboard', 'Credit Parameters', 'Batch Upload', 'Results']) {
      await visible(page.getByRole('navigation').getByRole('link', { name: link, exact: true }).first());
    }
    await check('workspace-dashboard');

    // The phone layout: the navigation is a drawer opened from the top bar.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await visible(page.getByRole('link', { name: 'Batch Upload', exact: true }));
    await page.screenshot({ path: join(SCREENSHOTS_DIR, 'sign-in', 'workspace-drawer-phone.png'), animations: 'disabled' });
    await page.getByRole('link', { name: 'Results', exact: true }).click();
    await onPath(page, '/result');
    await page.setViewportSize({ width: 1440, height: 900 });
    await visible(page.getByRole('heading', { level: 1, name: 'Assessment Results' }));
    await check('results-not-built');

    await page.getByRole('button', { name: 'Logout' }).click();
    await onPath(page, '/');
    expect((await storages(page)).session.token).toBeUndefined();
    expect(await page.title()).toBe('Credit Intelligence');
  });

  it('sends a signed-out deep link to the sign-in page and back to it after signing in', async () => {
    const institution = await approvedInstitution(e2e.platform, await signInAsAdmin(e2e.platform));
    const { page, check } = await e2e.open(await e2e.newContext());
    await page.goto('/result');
    await onPath(page, '/');
    await visible(page.getByRole('button', { name: 'Sign In', exact: true }));
    await signInAsInstitution(page, institution.email, institution.password);
    await onPath(page, '/result');
    await visible(page.getByRole('heading', { level: 1, name: 'Assessment Results' }));
    await check('deep-link-result');
  });

  it("keeps the session in a new browser with the same storage only when 'Keep me signed in' was ticked", async () => {
    const institution = await approvedInstitution(e2e.platform, await signInAsAdmin(e2e.platform));

    const kept = await e2e.newContext();
    const first = await e2e.open(kept);
    await first.page.goto('/');
    await signInAsInstitution(first.page, institution.email, institution.password, true);
    await onPath(first.page, '/workspace-dashboard');
    expect((await storages(first.page)).local.token).toBeTruthy();
    const reopened = await e2e.open(await e2e.newContext({ storageState: await kept.storageState() }));
    await reopened.page.goto('/workspace-dashboard');
    await visible(reopened.page.getByRole('heading', { level: 1, name: 'Workspace Dashboard' }));
    expect(reopened.page.url()).toMatch(/\/workspace-dashboard$/);

    const notKept = await e2e.newContext();
    const second = await e2e.open(notKept);
    await second.page.goto('/');
    await signInAsInstitution(second.page, institution.email, institution.password);
    await onPath(second.page, '/workspace-dashboard');
    const stored = await storages(second.page);
    expect(stored.session.token).toBeTruthy();
    expect(stored.local.token).toBeUndefined();
    const fresh = await e2e.open(await e2e.newContext({ storageState: await notKept.storageState() }));
    await fresh.page.goto('/workspace-dashboard');
    await onPath(fresh.page, '/');
    await visible(fresh.page.getByRole('button', { name: 'Sign In', exact: true }));
  });

  it('runs under its Content-Security-Policy: its styles carry the page nonce, injected script and style do not apply', async () => {
    const institution = await approvedInstitution(e2e.platform, await signInAsAdmin(e2e.platform));
    const context = await e2e.newContext();
    // Every violation the page reports, from its first script on.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    const { page, errors } = await e2e.open(context);
    const response = await page.goto('/');
    const policy = (await response!.allHeaders())['content-security-policy'];
    expect(policy).toMatch(/script-src 'self'; style-src 'self' 'nonce-[^']+'/);
    await signInAsInstitution(page, institution.email, institution.password);
    await onPath(page, '/workspace-dashboard');
    await visible(page.getByRole('heading', { level: 1, name: 'Workspace Dashboard' }));
    const state = () =>
      page.evaluate(() => {
        const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')!.nonce;
        const styles = Array.from(document.querySelectorAll('style'));
        return {
          violations: (window as unknown as { cspViolations: string[] }).cspViolations.slice(),
          nonce,
          styles: styles.length,
          withoutNonce: styles.filter((style) => style.nonce !== nonce).map((style) => style.outerHTML.slice(0, 80)),
          emotion: document.querySelectorAll('style[data-emotion]').length,
        };
      });
    const before = await state();
    expect(policy).toContain(`'nonce-${before.nonce}'`);
    expect(before.violations).toEqual([]);
    expect(before.withoutNonce).toEqual([]);
    expect(before.emotion).toBeGreaterThan(0);

    // What an injected payload would try: neither runs nor applies, and the page reports both.
    const injected = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true';
      document.body.append(script);
      const style = document.createElement('style');
      style.textContent = 'body { visibility: hidden !important }';
      document.head.append(style);
      await new Promise((done) => setTimeout(done, 100));
      return { ran: 'injectedRan' in window, visibility: getComputedStyle(document.body).visibility };
    });
    expect(injected).toEqual({ ran: false, visibility: 'visible' });
    expect((await state()).violations).toEqual(['script-src-elem inline', 'style-src-elem inline']);
    // Chromium logs each refusal as a console error: the two this test provoked are expected.
    expect(errors.splice(0).map((error) => /Content Security Policy/.test(error))).toEqual([true, true]);
  });

  it('signs out after 15 minutes without input (the page clock fast-forwarded) and says why', async () => {
    const institution = await approvedInstitution(e2e.platform, await signInAsAdmin(e2e.platform));
    const context = await e2e.newContext();
    // The page's clock (Date, timers) is the test's: it runs at the normal pace until told to jump.
    await context.clock.install();
    // Nothing in the browser's storage stretches the 15 minutes (it once could).
    await context.addInitScript(() => window.localStorage.setItem('inactivityTimeoutMs', String(365 * 24 * 3600 * 1000)));
    const { page, check } = await e2e.open(context);
    await page.goto('/');
    await signInAsInstitution(page, institution.email, institution.password);
    await onPath(page, '/workspace-dashboard');
    await visible(page.getByRole('heading', { level: 1, name: 'Workspace Dashboard' }));
    // 14 minutes without input: still signed in.
    await page.clock.fastForward('14:00');
    await page.clock.runFor(2000);
    expect(new URL(page.url()).pathname).toBe('/workspace-dashboard');
    await page.clock.fastForward('01:05');
    await page.clock.runFor(2000);
    await onPath(page, '/', 15_000);
    await visible(page.getByText('You were signed out after 15 minutes of inactivity.'));
    const stored = await storages(page);
    expect(stored.session.token).toBeUndefined();
    expect(stored.session.userLoggedIn).toBeUndefined();
    await check('signed-out-inactivity');
  });

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
