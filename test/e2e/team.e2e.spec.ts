import type { Page } from 'playwright-core';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { E2E_TEST_TIMEOUT_MS, SETUP_TIMEOUT_MS, startE2E, type E2E, type Visit } from '../support/browser';
import type { ReceivedMail } from '../support/smtpServer';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';
import { adminVisit, field, onPath, signInAsInstitution, visible } from './flows';
import { fr } from './languages';

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

const ANALYST = { name: 'Ana Analyste', email: 'ana@banque-equipes.test', password: 'Analyste-Pass1!' };

/** A mail's text as sent (quoted-printable undone: soft line breaks joined, `=XX` bytes decoded). */
const textOf = (mail: ReceivedMail): string =>
  Buffer.from(
    mail.data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Institution teams (issue 23) in the real browser: invitation by mail, an analyst's read-only workspace, suspension, the audit log. */
describe('Institution teams (browser)', () => {
  let e2e: E2E;
  let bank: TestInstitution;
  /** The analyst's page, signed in, kept open across the tests to see its session end. */
  let analyst: Visit;
  /** The invitation link as the mail the SMTP sink received holds it. */
  let link: string;

  const heading = (page: Page, name: string) => visible(page.getByRole('heading', { level: 1, name }));

  /** A page signed in as the bank's owner, on the team page. */
  const ownerOnTeam = async (): Promise<Visit> => {
    const visit = await e2e.open(await e2e.newContext());
    await visit.page.goto('/');
    await signInAsInstitution(visit.page, bank.email, bank.password);
    await onPath(visit.page, '/workspace-dashboard');
    await visit.page.getByRole('link', { name: 'Team', exact: true }).click();
    await onPath(visit.page, '/team');
    await heading(visit.page, 'Team');
    return visit;
  };
  const memberCard = (page: Page, name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const act = async (page: Page, name: string, action: string) => {
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: action }).click();
  };

  beforeAll(async () => {
    e2e = await startE2E('team');
    const admin = await signInAsAdmin(e2e.platform);
    bank = await approvedInstitution(e2e.platform, admin, 'Banque des Équipes');
    const { headers, rows } = starterRows(12, 23);
    const uploaded = await upload(
      e2e.platform,
      bank.token,
      { name: 'clients.csv', content: csvOf(headers, rows) },
      { batchName: 'Portefeuille' },
    );
    if (uploaded.status !== 201) throw new Error(`upload failed: ${JSON.stringify(uploaded.body)}`);
    await settledBatch(e2e.platform, bank.token, uploaded.body.data.batch.id as number, uploaded.body.position);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => e2e?.close());

  it('lets the owner invite an analyst from the team page; the invitation mail carries the link', async () => {
    const { page, check } = await ownerOnTeam();
    await visible(page.getByText('No members yet'));
    await check('team-empty');

    const mailsBefore = e2e.smtp.received.length;
    await page.getByRole('button', { name: 'Invite a member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await visible(dialog.getByText('Name is required'));
    await field(page, 'Full name').fill(ANALYST.name);
    await field(page, 'Email').fill(ANALYST.email);
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption('analyst');
    await check('team-invite-dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await visible(page.getByText(`Invitation sent to ${ANALYST.email}`));
    const card = memberCard(page, ANALYST.name);
    await visible(card.getByText('Invited', { exact: true }));
    await visible(card.getByText('Analyst', { exact: true }));
    await check('team-invited');

    const mail = await e2e.smtp.waitForMail(
      (candidate) => e2e.smtp.received.indexOf(candidate) >= mailsBefore && candidate.to.some((to) => to.includes(ANALYST.email)),
    );
    expect(textOf(mail)).toContain('Banque des Équipes invites you to join its team');
    const found = /https?:\/\/\S+\/accept-invitation\?token=\S+/.exec(textOf(mail));
    expect(found).not.toBeNull();
    link = found![0];
    await e2e.endTest();
  });

  it('lets the analyst, in French, set a password from the link, sign in and read, with no upload or parameter controls; the API refuses an upload', async () => {
    const context = await e2e.newContext({ locale: 'fr-FR' });
    await context.addInitScript(() => window.localStorage.setItem('language', 'fr'));
    analyst = await e2e.open(context);
    const { page, check } = analyst;

    // A link cut short says so and offers the sign-in.
    await page.goto('/accept-invitation?token=42.trop-court');
    await heading(page, fr.invitation.problems.invalid.title);
    await check('accept-invitation-invalid-fr');

    await page.goto(link);
    await heading(page, fr.invitation.heading);
    await field(page, fr.invitation.password).fill('court');
    await field(page, fr.invitation.confirmPassword).fill('autre');
    await page.getByRole('button', { name: fr.invitation.submit }).click();
    await visible(page.getByText(fr.validation.passwordMin, { exact: true }));
    await visible(page.getByText(fr.validation.passwordsMismatch, { exact: true }));
    await check('accept-invitation-fr');
    await field(page, fr.invitation.password).fill(ANALYST.password);
    await field(page, fr.invitation.confirmPassword).fill(ANALYST.password);
    await page.getByRole('button', { name: fr.invitation.submit }).click();
    await heading(page, fr.invitation.doneTitle);
    await check('accept-invitation-done-fr');

    // The same link again: already used.
    const again = await e2e.platform.request('/api/members/accept', {
      method: 'POST',
      json: { token: decodeURIComponent(new URL(link).searchParams.get('token')!), password: ANALYST.password },
    });
    expect(again).toMatchObject({ status: 400, body: { message: 'This invitation has already been used. Please sign in.' } });

    await page.getByRole('link', { name: fr.invitation.signIn }).click();
    await onPath(page, '/');
    await field(page, fr.login.email).fill(ANALYST.email);
    await field(page, fr.login.password).fill(ANALYST.password);
    await page.getByRole('button', { name: fr.login.submit, exact: true }).click();
    await onPath(page, '/workspace-dashboard');
    await heading(page, fr.pages.workspaceDashboard);
    await visible(page.getByText(fr.shell.signedInAs.replace('{{name}}', ANALYST.name)));
    await visible(page.getByRole('link', { name: fr.shell.results, exact: true }));
    expect(await page.getByRole('link', { name: fr.workspace.inputBatch }).count()).toBe(0);
    expect(await page.getByRole('link', { name: fr.shell.team, exact: true }).count()).toBe(0);
    await check('analyst-dashboard-fr');

    await page.getByRole('link', { name: fr.shell.results, exact: true }).click();
    await heading(page, fr.pages.results);
    // The bank's scored clients, one row each under the header.
    await visible(page.getByRole('row').nth(1));
    await check('analyst-results-fr');

    await page.getByRole('link', { name: fr.shell.batches, exact: true }).click();
    await heading(page, fr.pages.batchAssessment);
    await visible(page.getByText('Portefeuille').first());
    expect(await page.getByRole('button', { name: fr.batches.upload }).count()).toBe(0);
    expect(await page.getByText(fr.batches.uploadTitle, { exact: true }).count()).toBe(0);

    await page.getByRole('link', { name: fr.shell.parameters, exact: true }).click();
    await heading(page, fr.pages.parameters);
    expect(await page.getByRole('button', { name: fr.parameters.edit }).count()).toBe(0);
    await check('analyst-parameters-fr');

    // The screens offer nothing; the API refuses anyway, and nothing is written.
    await page.goto('/team');
    await onPath(page, '/workspace-dashboard');
    const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
    expect(token).not.toBeNull();
    const before = (await e2e.platform.store.head()).position;
    const { headers, rows } = starterRows(2, 7);
    expect(await upload(e2e.platform, token!, { name: 'clients.csv', content: csvOf(headers, rows) })).toMatchObject({
      status: 403,
      body: { success: false, message: 'Analysts have read-only access' },
    });
    expect((await e2e.platform.store.head()).position).toBe(before);
  });

  it('lets the owner issue database access (the password shown once) and revoke it, then suspend the analyst, whose session ends', async () => {
    const { page, check } = await ownerOnTeam();
    const card = memberCard(page, ANALYST.name);
    await visible(card.getByText('Active', { exact: true }));
    await visible(card.getByText('No database access'));

    await act(page, ANALYST.name, 'Issue database access');
    const issued = page.getByRole('dialog', { name: `Database access for ${ANALYST.name}` });
    await visible(issued.getByText(/shown only this once/));
    const password = await issued.locator('code[data-field="password"]').textContent();
    expect(password?.length).toBeGreaterThanOrEqual(16);
    await check('team-access-issued');
    await issued.getByRole('button', { name: 'I have copied it' }).click();
    await visible(card.getByText(/^Database access: /));
    // The password is nowhere on the page once the dialog is closed.
    expect(await page.getByText(password!).count()).toBe(0);

    await act(page, ANALYST.name, 'Revoke database access');
    const confirm = page.getByRole('dialog', { name: `Revoke the database access of ${ANALYST.name}?` });
    await confirm.getByRole('button', { name: 'Revoke database access' }).click();
    await visible(page.getByText(`Database access of ${ANALYST.name} revoked`));
    await visible(card.getByText('No database access'));

    await act(page, ANALYST.name, 'Suspend');
    await visible(page.getByText(`${ANALYST.name} is suspended and signed out`));
    await visible(card.getByText('Suspended', { exact: true }));
    await check('team-suspended');

    // The analyst's next request ends the session; signing in again is refused.
    await analyst.page.reload();
    await onPath(analyst.page, '/');
    expect(await analyst.page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
    await visible(analyst.page.getByText(fr.login.sessionEnded));
    await field(analyst.page, fr.login.email).fill(ANALYST.email);
    await field(analyst.page, fr.login.password).fill(ANALYST.password);
    await analyst.page.getByRole('button', { name: fr.login.submit, exact: true }).click();
    await visible(analyst.page.getByRole('alert').filter({ hasText: /suspendu|suspended/ }));
    await analyst.check('analyst-suspended-fr');
    await e2e.endTest();
  });

  it('names each person in the audit log an administrator reads', async () => {
    const admin = await signInAsAdmin(e2e.platform);
    const members = await e2e.platform.request(`/api/admin/institutions/${bank.id}/members`, { headers: bearer(admin) });
    expect(members.body.data).toEqual([expect.objectContaining({ name: ANALYST.name, status: 'suspended' })]);

    const { page, check } = await adminVisit(e2e);
    // The analyst's own steps are hers, by name.
    await page.goto(`/admin/audit?user=${encodeURIComponent(ANALYST.name)}`);
    await heading(page, 'Audit Logs');
    await visible(page.getByRole('cell', { name: new RegExp(`^${ANALYST.name}`) }).first());
    // The owner's steps name the owner's institution, and the analyst they were about.
    await page.goto(`/admin/audit?user=${encodeURIComponent(bank.name)}`);
    const byOwner = page.getByRole('row').filter({ has: page.getByRole('cell', { name: new RegExp(`^${bank.name}`) }) });
    await visible(byOwner.filter({ hasText: `Invited ${ANALYST.name} (${ANALYST.email}) to the team as analyst` }).first());
    await visible(byOwner.filter({ hasText: /Member #\d+ suspended/ }).first());
    await check('audit-team');

    // The institution's page in the approvals list shows its team.
    await page.goto(`/admin/institution?status=approved&search=${encodeURIComponent(bank.name)}`);
    await page.getByRole('button', { name: `Review ${bank.name}` }).click();
    const team = page.getByRole('region', { name: 'Team members' });
    await visible(team.getByRole('listitem').filter({ hasText: ANALYST.email }).filter({ hasText: 'Suspended' }));
    await check('admin-institution-team');
    await e2e.endTest();
  });
});
