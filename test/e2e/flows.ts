import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { bearer, signInAsAdmin } from '../support/actors';
import type { E2E, Visit } from '../support/browser';
import { TEST_ADMIN, type TestPlatform } from '../support/testPlatform';
import { fr } from './languages';

/** A text box (password boxes included) by its accessible name: its label without the required mark. */
export const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Waits until the locator is visible (the test fails with the locator's description otherwise). */
export const visible = (locator: Locator, timeout?: number) => locator.waitFor({ state: 'visible', timeout });
export const hidden = (locator: Locator, timeout?: number) => locator.waitFor({ state: 'hidden', timeout });

/** Reads again every 100 ms until the value is the wanted one (a value the page sets after a refetch); fails with the last one read. */
export async function until<T>(read: () => Promise<T>, wanted: T, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last = await read();
  while (last !== wanted) {
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(last)} after ${timeout} ms, expected ${JSON.stringify(wanted)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
}

/**
 * Moves the app to `path` as a link does: its router draws the page without loading the app again, so
 * the page keeps what it has loaded (axe-core included). The caller then waits for what the new page
 * shows, something the page it leaves does not.
 */
export async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The path (and search) the page is on now. */
export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Waits for the app to be on exactly this path (client-side navigations included). */
export const onPath = (page: Page, path: string, timeout?: number) =>
  page.waitForURL((url) => url.pathname === path, { timeout, waitUntil: 'commit' });

/** A validation message shown under a field (exact text). */
export const message = (page: Page, text: string) => page.getByText(text, { exact: true });

/** The dismissible red banner titled Error, holding the given text. */
export const errorBanner = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: 'Error' }).filter({ hasText: text });

export async function signInAsInstitution(page: Page, email: string, password: string, keepSignedIn = false): Promise<void> {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  if (keepSignedIn) await page.getByRole('checkbox', { name: 'Keep me signed in on this device' }).check();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function signInAsAdministrator(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'Administrator Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in as Administrator' }).click();
}

/** A new page in the given language, signed in through /admin (as the test administrator unless another account is given), on the dashboard. */
export async function adminVisit(
  e2e: E2E,
  language: 'en' | 'fr' = 'en',
  options: BrowserContextOptions = {},
  account: { email: string; password: string } = TEST_ADMIN,
): Promise<Visit> {
  const context = await e2e.newContext(options);
  await context.addInitScript((value) => window.localStorage.setItem('language', value), language);
  const visit = await e2e.open(context);
  await visit.page.goto('/admin');
  if (language === 'en') await signInAsAdministrator(visit.page, account.email, account.password);
  else {
    await field(visit.page, fr.adminLogin.email).fill(account.email);
    await field(visit.page, fr.adminLogin.password).fill(account.password);
    await visit.page.getByRole('button', { name: fr.adminLogin.submit }).click();
  }
  await onPath(visit.page, '/admin/dashboard');
  return visit;
}

/** Approves a pending institution by email, as the test administrator, through the API. */
export async function approveByEmail(platform: TestPlatform, email: string): Promise<void> {
  const admin = await signInAsAdmin(platform);
  const listed = await platform.request(`/api/admin/institutions?status=pending&search=${encodeURIComponent(email)}`, {
    headers: bearer(admin),
  });
  const institution = (listed.body.data.institutions as { id: number; email: string }[]).find((row) => row.email === email);
  if (!institution) throw new Error(`${email} is not pending: ${JSON.stringify(listed.body)}`);
  const approved = await platform.request(`/api/admin/institutions/${institution.id}/approve`, { method: 'POST', headers: bearer(admin) });
  if (approved.status !== 200) throw new Error(`approval failed: ${JSON.stringify(approved.body)}`);
}

/** sessionStorage and localStorage of the page's origin, to see where the app keeps the session. */
export const storages = (page: Page) =>
  page.evaluate(() => ({
    session: { ...window.sessionStorage } as Record<string, string>,
    local: { ...window.localStorage } as Record<string, string>,
  }));
