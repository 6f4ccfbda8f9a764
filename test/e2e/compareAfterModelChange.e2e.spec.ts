import { type E2E, E2E_TEST_TIMEOUT_MS, SETUP_TIMEOUT_MS, startE2E } from '../support/browser';
import { approvedInstitution, bearer, signInAsAdmin, type TestInstitution } from '../support/actors';
import { csvOf, settledBatch, starterRows, upload } from '../support/uploads';
import { category, modelClient, numericVariable } from '../model/modelClient';
import { onPath, signInAsInstitution, visible } from './flows';
import { englishLeftIn } from './languages';

const NEW_VARIABLE = 'Years in business';

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

/** Batch details after an administrator adds a required variable the batch never had (issue 25, item 7), in the real browser. */
describe('Compare after a model change (browser)', () => {
  let e2e: E2E;
  let institution: TestInstitution;
  let batchId: number;

  beforeAll(async () => {
    e2e = await startE2E('compare-after-model-change');
    const admin = await signInAsAdmin(e2e.platform);
    institution = await approvedInstitution(e2e.platform, admin, 'Banque du Wouri');
    // 10 clients, 7 of whom already carry the column the model does not know yet.
    const { headers, rows } = starterRows(10, 17);
    const uploaded = await upload(
      e2e.platform,
      institution.token,
      {
        name: 'wouri.csv',
        content: csvOf(
          [...headers, NEW_VARIABLE],
          rows.map((row, index) => [...row, index < 7 ? String(2 + index) : '']),
        ),
      },
      { batchName: 'Wouri November' },
    );
    batchId = uploaded.body.data.batch.id;
    await settledBatch(e2e.platform, institution.token, batchId, uploaded.body.position);
    const api = modelClient(e2e.platform);
    const created = await api.post(admin, '/variableCategory/create', category({ name: 'Business history' }));
    await api.post(
      admin,
      '/variable/create',
      numericVariable(created.body.data.id, { name: NEW_VARIABLE, isRequired: true, min_value: 0, max_value: 40 }),
    );
    // The query side has seen the change before the browser asks.
    const seen = await e2e.platform.request(`/api/result/compare?uploadBatchId=${batchId}`, {
      headers: { ...bearer(institution.token), 'X-Min-Position': String(api.lastPosition()) },
    });
    expect(seen.body.data.totals.noLongerScorable).toBe(3);
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  it('names the missing variable, leaves its clients out of today’s figures and labels the versions oldest first', async () => {
    const { page, check } = await e2e.open(await e2e.newContext());
    await page.goto('/');
    await signInAsInstitution(page, institution.email, institution.password);
    await onPath(page, '/workspace-dashboard');
    await page.goto(`/result/batch/${batchId}`);
    const section = page.locator('section', { has: page.getByRole('heading', { name: "Under today's model" }) });
    await visible(section.getByText("3 clients not scorable under today's model are left out of today's figures."));
    await visible(section.getByText(`Missing required variable: ${NEW_VARIABLE} — 3 clients`));
    await visible(section.getByText(/^Model v\d+ \(.+\) → today's model v\d+ \(.+\)$/));
    const [from, to] = ((await section.getByText(/^Model v\d+/).innerText()).match(/v(\d+)/g) ?? []).map((version) =>
      Number(version.slice(1)),
    );
    expect(from).toBeLessThan(to);
    await visible(section.getByText('3 clients left out'));
    await visible(section.getByRole('cell', { name: new RegExp(`Not scorable\\s*Missing required variable: ${NEW_VARIABLE}`) }).first());
    await check('compare-after-change');
  });

  it('says the same in French', async () => {
    const context = await e2e.newContext({ locale: 'fr-FR' });
    await context.addInitScript(() => window.localStorage.setItem('language', 'fr'));
    const { page, check } = await e2e.open(context);
    await page.goto('/');
    await page.locator('#login-email').fill(institution.email);
    await page.locator('#login-password').fill(institution.password);
    await page.locator('button[type=submit]').click();
    await onPath(page, '/workspace-dashboard');
    await page.goto(`/result/batch/${batchId}`);
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Avec le modèle du jour' }) });
    await visible(section.getByText('3 clients non évaluables avec le modèle du jour sont exclus des chiffres du jour.'));
    await visible(section.getByText(`Variable obligatoire manquante : ${NEW_VARIABLE} — 3 clients`));
    await visible(section.getByText(/^Modèle v\d+ \(.+\) → modèle du jour v\d+ \(.+\)$/));
    expect(englishLeftIn(await section.innerText(), [NEW_VARIABLE, 'Banque du Wouri'], ['results'])).toEqual([]);
    await check('compare-after-change-fr');
  });
});
