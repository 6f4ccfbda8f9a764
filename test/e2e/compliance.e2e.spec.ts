import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { approvedInstitution, signedInAuditor, signInAsAdmin, type TestAuditor, type TestInstitution } from '../support/actors';
import { E2E_TEST_TIMEOUT_MS, SETUP_TIMEOUT_MS, startE2E, type E2E, type Visit } from '../support/browser';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';
import { modelClient } from '../model/modelClient';
import { adminVisit, field, go, onPath, until, visible } from './flows';

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

// Starter model: Character holds variables 2 (Years as client, 30) and 3 (Days past due, 20); template 2 is
// the Maximum Credit Limit (5 000 000 by default).
const YEARS_AS_CLIENT = 2;
const DAYS_PAST_DUE = 3;
const MAX_LIMIT = 2;
const RECORDS = 40;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The compliance console (issue 22) in the real browser, as an auditor: verify, extract, time travel, replay, tampering. */
describe('The compliance console (browser)', () => {
  let e2e: E2E;
  let auditor: TestAuditor;
  let bank: TestInstitution;
  let batchId: number;
  /** A moment (to the second, UTC) after the batch and before the proportion changed. */
  let beforeChange: Date;

  /** A page signed in as the auditor through the admin login, in UTC so the date fields read as the test writes them. */
  const auditorVisit = (language: 'en' | 'fr' = 'en'): Promise<Visit> =>
    adminVisit(e2e, language, { timezoneId: 'UTC', acceptDownloads: true }, auditor);

  const heading = (page: Page, name: string) => visible(page.getByRole('heading', { level: 1, name }));
  const localInput = (date: Date) => date.toISOString().slice(0, 19);

  beforeAll(async () => {
    e2e = await startE2E('compliance');
    const { platform } = e2e;
    const admin = await signInAsAdmin(platform);
    auditor = await signedInAuditor(platform, admin, 'Aude Auditrice');
    bank = await approvedInstitution(platform, admin, 'Banque du Registre');
    const { headers, rows } = starterRows(RECORDS, 5);
    const uploaded = await upload(platform, bank.token, { name: 'clients.csv', content: csvOf(headers, rows) }, { batchName: 'Audited' });
    if (uploaded.status !== 201) throw new Error(`upload failed: ${JSON.stringify(uploaded.body)}`);
    batchId = uploaded.body.data.batch.id;
    await settledBatch(platform, bank.token, batchId, uploaded.body.position);
    // The date field counts whole seconds: the moment lies a clear second after the last event and before the change.
    await pause(1_100);
    beforeChange = new Date(Math.floor(Date.now() / 1000) * 1000);
    await pause(1_100);
    const api = modelClient(platform);
    const changed = await api.put(admin, `/variable/update/${YEARS_AS_CLIENT}`, {
      variableProportion: 40,
      redistributeProportions: [{ variableId: DAYS_PAST_DUE, proportion: 10 }],
    });
    if (changed.status !== 200) throw new Error(`proportion change failed: ${JSON.stringify(changed.body)}`);
    const set = await api.post(admin, `/institution/setParameters/${bank.id}`, {
      parameters: [{ parameterId: MAX_LIMIT, value: 4_000_000 }],
    });
    if (set.status !== 200) throw new Error(`parameter change failed: ${JSON.stringify(set.body)}`);
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  it('lets an auditor open Compliance from the top bar, verify the log (intact) and download an extract', async () => {
    const { page, check } = await auditorVisit();
    await page.getByRole('link', { name: 'Compliance' }).click();
    await onPath(page, '/admin/compliance');
    await heading(page, 'Compliance');
    await visible(page.getByText('Never verified'));
    await check('compliance-log');

    await page.getByRole('button', { name: 'Verify now' }).click();
    await visible(page.getByRole('status').filter({ hasText: /Intact up to position \d+/ }));
    // The recorded verification is the last one now, by the auditor.
    await visible(page.getByText(/by Aude Auditrice/));
    await visible(page.getByRole('region', { name: 'Recorded verifications' }).getByText('Intact', { exact: true }));
    await check('compliance-verified');

    await field(page, 'From position').fill('1');
    await field(page, 'To position').fill('5');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download extract' }).click()]);
    expect(download.suggestedFilename()).toBe('log-extract-1-5.jsonl');
    const lines = (await streamText(await download.createReadStream())).trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(5);

    await page.getByRole('button', { name: 'One stream' }).click();
    await page.getByRole('button', { name: 'Download extract' }).click();
    await visible(page.getByText('Enter a stream id'));
  });

  it('travels to before a variable’s proportion changed, shows the difference and an institution’s parameters', async () => {
    const { page, check } = await auditorVisit();
    await go(page, '/admin/compliance/time-travel');
    await heading(page, 'Time Travel');
    // Now: the new proportion.
    await visible(page.getByRole('row', { name: /Years as client/ }).getByText('40 %'));

    await page.getByRole('group', { name: 'As of' }).getByLabel('Date and time').fill(localInput(beforeChange));
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await visible(page.getByRole('row', { name: /Years as client/ }).getByText('30 %'));
    await visible(page.getByRole('row', { name: /Days past due/ }).getByText('20 %'));
    await page.getByLabel("Institution's parameters").selectOption({ label: bank.name });
    await visible(page.getByRole('heading', { name: `Parameters of ${bank.name}` }));
    await visible(page.getByRole('row', { name: /Maximum Credit Limit/ }).getByRole('cell', { name: 'Template default', exact: true }));
    await check('time-travel-before');

    await page.getByRole('group', { name: 'From' }).getByLabel('Date and time').fill(localInput(beforeChange));
    await page.getByRole('button', { name: 'Compare' }).click();
    const years = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Years as client' }) });
    await visible(years.getByText('Changed', { exact: true }));
    await visible(years.getByRole('row', { name: /Proportion\s*30\s*%\s*40\s*%/ }));
    await visible(years.getByText(/\(administrator\)/).first());
    const maxLimit = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Maximum Credit Limit' }) });
    // In the page's language, as money (never the raw 5000000).
    await visible(maxLimit.getByRole('row', { name: /Value\s*FCFA\s*5,000,000\s*FCFA\s*4,000,000/ }));
    await check('time-travel-diff');
    // The view is in the URL: a refresh shows the same.
    await page.reload();
    await visible(page.getByRole('row', { name: /Years as client/ }).getByText('30 %'));
  });

  it('replays a batch (reproduced exactly), then compares it with today’s model after a parameter change', async () => {
    const { page, check } = await auditorVisit();
    await go(page, '/admin/compliance');
    await page.getByRole('navigation', { name: 'Compliance sections' }).getByRole('link', { name: 'Batch replay' }).click();
    await onPath(page, '/admin/compliance/replay');
    await heading(page, 'Batch Replay');
    await page.getByRole('button', { name: `Replay batch ${batchId} Audited` }).click();
    await visible(page.getByText(`Reproduced ${RECORDS} of ${RECORDS} exactly`));
    await check('replay-reproduced');

    await page.getByRole('radio', { name: "Today's model" }).check();
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    const comparison = page.getByRole('region', { name: 'Clients, champion and challenger' });
    await visible(comparison.getByRole('row').nth(1));
    await visible(page.getByText(/Champion \(its upload's model\) and challenger \(today's model\)/));
    expect(new URL(page.url()).searchParams.get('against')).toBe('now');
    // The maximum limit went from 5 000 000 to 4 000 000: the granted clients' terms change.
    await visible(page.getByText(new RegExp(`^[1-9]\\d* of ${RECORDS}$`)));
    await check('replay-compare');
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await visible(page.getByText(`26–${RECORDS} of ${RECORDS}`));
    // The switch follows the URL, which the router updates after the click.
    await page.getByRole('switch', { name: 'Only clients whose terms change' }).click();
    await until(async () => new URL(page.url()).searchParams.get('changed'), 'true');
    await visible(page.getByRole('switch', { name: 'Only clients whose terms change', checked: true }));
    await visible(comparison.getByRole('row').nth(1));
    expect(await comparison.getByText('Unchanged', { exact: true }).count()).toBe(0);
  });

  it("finds an institution's approval among the events, opens it, and goes from its audit-log row to it", async () => {
    const { page, check } = await auditorVisit();
    await go(page, '/admin/compliance');
    await page.getByRole('navigation', { name: 'Compliance sections' }).getByRole('link', { name: 'Events' }).click();
    await heading(page, 'Event Browser');
    await visible(page.getByRole('link', { name: /InstitutionApproved/ }).first());
    await check('events');

    await page.getByRole('searchbox', { name: 'Event type' }).fill('InstitutionApproved');
    await page.getByLabel('Institution', { exact: true }).selectOption({ label: bank.name });
    await until(async () => new URL(page.url()).searchParams.get('type'), 'InstitutionApproved');
    const approval = page.getByRole('link', { name: /^#\d+ InstitutionApproved$/ });
    await until(() => approval.count(), 1);
    const position = Number(/#(\d+)/.exec((await approval.textContent()) ?? '')?.[1]);
    await check('events-filtered');
    await approval.click();
    await onPath(page, `/admin/compliance/events/${position}`);
    await heading(page, `Event ${position}`);
    await visible(page.getByText('System Administrator (administrator #', { exact: false }));
    await visible(page.getByRole('region', { name: 'Payload' }).or(page.getByLabel('Payload')).getByText(`"institutionId": ${bank.id}`));
    await visible(page.getByRole('heading', { name: 'Audit log row' }));
    await check('event-approval');
    await page.getByRole('link', { name: 'Back to the events' }).click();
    await until(async () => new URL(page.url()).searchParams.get('type'), 'InstitutionApproved');

    // From the audit log's row to the same event.
    await go(page, '/admin/audit?limit=100');
    await page.getByRole('row', { name: `Details of entry ${position}` }).click();
    await page.getByRole('link', { name: `Position ${position}: open its event` }).click();
    await onPath(page, `/admin/compliance/events/${position}`);
    await heading(page, `Event ${position}`);
  });

  it('shows the console in French', async () => {
    const { page, check } = await auditorVisit('fr');
    await page.getByRole('link', { name: 'Conformité' }).click();
    await heading(page, 'Conformité');
    await visible(page.getByRole('button', { name: 'Vérifier maintenant' }));
    await check('compliance-log-fr');
    await go(page, `/admin/compliance/replay?batch=${batchId}`);
    await visible(page.getByText(`${RECORDS} sur ${RECORDS} reproduits à l'identique`));
    await check('replay-fr');
  });

  it('reports the position of an event altered in PostgreSQL when Verify now runs again', async () => {
    const tampered = Number((await e2e.platform.knex('events').where({ type: 'InstitutionApproved' }).first('position')).position);
    // As an attacker with database access would: only the chain tells.
    const client = new Client({ connectionString: e2e.platform.databaseUrl });
    await client.connect();
    await client.query('UPDATE events SET data = $1 WHERE position = $2', [JSON.stringify({ institutionId: 999_999 }), tampered]);
    await client.end();

    const { page, check } = await auditorVisit();
    await go(page, '/admin/compliance');
    await page.getByRole('button', { name: 'Verify now' }).click();
    const outcome = page.getByRole('status').filter({ hasText: `Broken at position ${tampered}` });
    await visible(outcome);
    await visible(outcome.getByText('the stored hash does not match the recomputed one'));
    await visible(page.getByRole('region', { name: 'Recorded verifications' }).getByText('Broken', { exact: true }));
    await check('compliance-broken');
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
