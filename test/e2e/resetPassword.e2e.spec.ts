import type { Page } from 'playwright-core';
import { type E2E, E2E_TEST_TIMEOUT_MS, resetCodeFor, SETUP_TIMEOUT_MS, startE2E } from '../support/browser';
import { approvedInstitution, signInAsAdmin } from '../support/actors';
import { errorBanner, field, message, onPath, signInAsInstitution, until, visible } from './flows';

const digit = (page: Page, n: number) => field(page, `Digit ${n} of 6`);
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

/** The four-step password reset against the real API, the code read from a real SMTP sink. */
describe('Password reset (browser)', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E('reset-password');
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  it('resets a password with the mailed code, then signs in with the new one and not the old', async () => {
    const institution = await approvedInstitution(e2e.platform, await signInAsAdmin(e2e.platform));
    const { page, check } = await e2e.open(await e2e.newContext());
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await onPath(page, '/reset-password');

    // 1. The email.
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await visible(message(page, 'Email is required'));
    await check('reset-email');
    const mailsBefore = e2e.smtp.received.length;
    await field(page, 'Email').fill(institution.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();

    // 2. The code: six boxes, focus moving on, Backspace moving back, a paste filling all six, the countdown.
    await visible(digit(page, 1));
    await visible(page.getByText(/Code expires in: [0-5]:[0-5]\d/));
    const code = await resetCodeFor(e2e.smtp, institution.email, mailsBefore);
    await digit(page, 1).focus();
    await page.keyboard.type(code[0]);
    expect(await focusedLabel(page)).toBe('Digit 2 of 6');
    await page.keyboard.type(code[1]);
    expect(await focusedLabel(page)).toBe('Digit 3 of 6');
    await page.keyboard.press('Backspace');
    expect(await focusedLabel(page)).toBe('Digit 2 of 6');
    await check('reset-code');
    await digit(page, 1).evaluate((box, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, code);
    for (let n = 1; n <= 6; n += 1) expect(await digit(page, n).inputValue()).toBe(code[n - 1]);
    const countdown = await page.getByText(/Code expires in: \d:\d\d/).textContent();
    // The countdown moves on (within a few seconds on a loaded machine; it ticks every second).
    await until(async () => (await page.getByText(/Code expires in: \d:\d\d/).textContent()) !== countdown, true, 5_000);
    await page.getByRole('button', { name: 'Verify Code' }).click();

    // 3. The new password: all four rules and the confirmation are enforced.
    const password = field(page, 'New Password');
    const confirm = field(page, 'Confirm New Password');
    await visible(password);
    await visible(page.getByText('At least 8 characters'));
    await password.fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(message(page, 'Password must be at least 8 characters'));
    await password.fill('lowercase-only1!');
    await password.blur();
    await visible(message(page, 'Password must contain at least one uppercase letter'));
    await password.fill('No-Digits-Here!');
    await password.blur();
    await visible(message(page, 'Password must contain at least one number'));
    await password.fill('NoSpecial123');
    await password.blur();
    await visible(message(page, 'Password must contain at least one special character'));
    await password.fill('Fresh-Start-2026!');
    await confirm.fill('Fresh-Start-2025!');
    await confirm.blur();
    await visible(message(page, 'Passwords do not match'));
    await check('reset-new-password');
    await confirm.fill('Fresh-Start-2026!');
    await page.getByRole('button', { name: 'Reset Password' }).click();

    // 4. Done, then back to the sign-in page after 3 seconds.
    await visible(page.getByRole('heading', { name: 'Password Reset Successfully' }));
    await check('reset-done');
    await onPath(page, '/', 8_000);

    await signInAsInstitution(page, institution.email, institution.password);
    await visible(errorBanner(page, 'Invalid email or password'));
    await signInAsInstitution(page, institution.email, 'Fresh-Start-2026!');
    await onPath(page, '/workspace-dashboard');
  });

  it('refuses a wrong code with the server message, offers Resend Code when the countdown ends, and accepts the new code', async () => {
    const institution = await approvedInstitution(e2e.platform, await signInAsAdmin(e2e.platform));
    const { page, check } = await e2e.open(await e2e.newContext());
    // The browser's clock is the test's: five minutes pass in an instant.
    await page.clock.install();
    await page.goto('/reset-password');
    const firstMails = e2e.smtp.received.length;
    await field(page, 'Email').fill(institution.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    const code = await resetCodeFor(e2e.smtp, institution.email, firstMails);
    await digit(page, 1).focus();
    await page.keyboard.type(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await visible(errorBanner(page, 'Invalid reset code'));
    await check('reset-wrong-code');

    // Time runs on (install does not pause it); run every timer through the five minutes.
    await page.clock.runFor('05:01');
    const resend = page.getByRole('button', { name: 'Resend Code' });
    await visible(resend);
    await check('reset-code-expired');
    const secondMails = e2e.smtp.received.length;
    await resend.click();
    const fresh = await resetCodeFor(e2e.smtp, institution.email, secondMails);
    await visible(page.getByText(/Code expires in: (5:00|4:5\d)/));
    for (let n = 1; n <= 6; n += 1) await digit(page, n).fill('');
    await digit(page, 1).focus();
    await page.keyboard.type(fresh);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await visible(field(page, 'New Password'));
    await page.getByRole('link', { name: 'Return to Login' }).click();
    await onPath(page, '/');
  });
});
