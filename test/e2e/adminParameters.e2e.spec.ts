import type { Page } from 'playwright-core';
import { approvedInstitution, bearer, decodeToken, signInAsAdmin, type TestInstitution } from '../support/actors';
import { E2E_TEST_TIMEOUT_MS, SETUP_TIMEOUT_MS, startE2E, type E2E } from '../support/browser';
import { adminVisit, field, go, hidden, message, onPath, signInAsInstitution, until, visible } from './flows';
import { englishLeftIn, fr } from './languages';

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

/** Parameter templates and per-institution values (issue 12) in the real browser: /admin/parameters, /institution/{id}/parameters, French. */
describe('Parameter management (browser)', () => {
  let e2e: E2E;
  let institution: TestInstitution;
  let second: TestInstitution;
  let adminName: string;

  const heading = (page: Page, name: string) => visible(page.getByRole('heading', { level: 1, name }));
  const spin = (page: Page, name: string) => page.getByRole('spinbutton', { name, exact: true });
  const api = async (path: string, token?: string) =>
    e2e.platform.request(path, { headers: bearer(token ?? (await signInAsAdmin(e2e.platform))) });

  /** No English sentence of the app on a French page (the starter model's texts, people's and institutions' names are data). */
  const noEnglish = async (page: Page) => {
    const left = englishLeftIn(await page.evaluate(() => document.body.innerText), [adminName, institution.name]);
    if (left.length > 0) throw new Error(`English left on ${page.url()}: ${JSON.stringify(left)}`);
  };

  beforeAll(async () => {
    e2e = await startE2E('admin-parameters');
    const admin = await signInAsAdmin(e2e.platform);
    adminName = decodeToken(admin).name as string;
    institution = await approvedInstitution(e2e.platform, admin, 'Caisse Mutuelle du Logone');
    second = await approvedInstitution(e2e.platform, admin, 'Banque Populaire de la Sangha');
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  it('creates and edits a template (messages first), filters by institution, edits its value, shows all and deletes', async () => {
    const { page, check } = await adminVisit(e2e);
    await page.getByRole('link', { name: /Institution Parameter Management/ }).click();
    await onPath(page, '/admin/parameters');
    await heading(page, 'Institution Parameter Management');
    await visible(page.getByRole('cell', { name: 'Minimum Credit Limit', exact: true }));
    await visible(page.getByRole('cell', { name: '1006' }));
    await expect(page.getByRole('button', { name: 'Show All' }).isDisabled()).resolves.toBe(true);
    await check('templates');

    // Create: every message of the form before anything is sent.
    await page.getByRole('button', { name: 'Create Parameter' }).click();
    const create = page.getByRole('dialog', { name: 'Create Parameter' });
    await visible(create);
    await create.getByRole('button', { name: 'Create Parameter' }).click();
    for (const text of [
      'Parameter name is required',
      'Unique code is required',
      'Description is required',
      'Recommended range is required',
      'Impact level is required',
      'Institution value is required',
    ])
      await visible(message(page, text));
    await check('template-create-errors');
    await field(page, 'Parameter Name').fill('Maximum Tenor (months)');
    await visible(message(page, 'Unique code is required'));
    await hidden(message(page, 'Parameter name is required'));
    await spin(page, 'Unique Code').fill('1001');
    await field(page, 'Description').fill('Longest repayment period offered, in months');
    await field(page, 'Recommended Range').fill('6-60');
    await page.getByRole('combobox', { name: 'Impact' }).click();
    await page.getByRole('option', { name: 'Medium', exact: true }).click();
    await spin(page, 'Institution Value').fill('24');
    await create.getByRole('button', { name: 'Create Parameter' }).click();
    // The server's refusal stays in the dialog.
    await visible(create.getByText('A parameter with unique code 1001 already exists'));
    await spin(page, 'Unique Code').fill('2001');
    await create.getByRole('button', { name: 'Create Parameter' }).click();
    await visible(page.getByText('Parameter created successfully'));
    await hidden(create);
    await visible(page.getByRole('cell', { name: 'Maximum Tenor (months)', exact: true }));

    // Edit: the unique code is read-only, the name is checked, Active switches the status.
    await page.getByRole('button', { name: 'Edit Maximum Tenor (months)' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Parameter' });
    await visible(edit);
    await expect(field(page, 'Unique Code').getAttribute('readonly')).resolves.not.toBeNull();
    await expect(field(page, 'Unique Code').inputValue()).resolves.toBe('2001');
    await field(page, 'Parameter Name').fill(' ');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await visible(message(page, 'Parameter name is required'));
    await field(page, 'Parameter Name').fill('Maximum Tenor');
    await page.getByRole('switch', { name: 'Active' }).uncheck();
    await page.getByRole('switch', { name: 'Required' }).uncheck();
    await check('template-edit');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText('Parameter updated successfully'));
    const row = page.getByRole('row', { name: /Maximum Tenor/ });
    await visible(row.getByText('Inactive'));
    const templates = (await api('/api/parameter/all')).body.data as Record<string, unknown>[];
    expect(templates.find((template) => template.uniqueCode === 2001)).toMatchObject({
      name: 'Maximum Tenor',
      recommendedRange: '6-60',
      impact: 'medium',
      isActive: false,
      isRequired: false,
      isInstitutionSpecific: true,
      defaultValue: 24,
    });

    // The institution filter: a number is needed; the list switches to that institution's values, in the URL.
    await page.getByRole('button', { name: 'Search by Institution' }).click();
    await visible(message(page, 'Institution ID is required'));
    await spin(page, 'Institution ID').fill(String(institution.id));
    await page.getByRole('button', { name: 'Search by Institution' }).click();
    await page.waitForURL((url) => url.searchParams.get('institutionId') === String(institution.id));
    await visible(page.getByText(`Values of ${institution.name} (ID ${institution.id})`));
    await expect(page.getByRole('button', { name: 'Show All' }).isDisabled()).resolves.toBe(false);
    await expect(page.getByRole('button', { name: 'Delete Minimum Credit Limit' }).isDisabled()).resolves.toBe(true);
    await check('institution-values');

    await page.getByRole('button', { name: 'Edit Minimum Credit Limit' }).click();
    const value = page.getByRole('dialog', { name: 'Edit Institution Parameter' });
    await visible(value);
    await spin(page, 'Institution Value').fill('');
    await value.getByRole('button', { name: 'Save Changes' }).click();
    await visible(message(page, 'Institution value is required'));
    await spin(page, 'Institution Value').fill('5');
    await visible(value.getByText(/Outside the recommended range/));
    await check('institution-value-edit');
    await spin(page, 'Institution Value').fill('75000');
    await value.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText('Parameter updated successfully'));
    await visible(page.getByRole('row', { name: /Minimum Credit Limit/ }).getByText('75,000'));
    const values = (await api(`/api/institution/getParameters/${institution.id}`)).body.data as Record<string, unknown>[];
    expect(values.find((entry) => entry.uniqueCode === 1001)).toMatchObject({ value: 75_000, isDefault: false });

    // Deleting the institution's own value (asked first) puts it back on the default.
    await page.getByRole('button', { name: 'Delete Minimum Credit Limit' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete institution value' });
    await visible(remove.getByText('Are you sure you want to delete this parameter?'));
    await remove.getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('Parameter deleted successfully'));
    await visible(page.getByRole('row', { name: /Minimum Credit Limit/ }).getByText('50,000'));

    // A refresh keeps the filter; Show All clears it.
    await page.reload();
    await visible(page.getByText(`Values of ${institution.name} (ID ${institution.id})`));
    await page.getByRole('button', { name: 'Show All' }).click();
    await page.waitForURL((url) => !url.searchParams.has('institutionId'));
    await until(() => page.getByRole('button', { name: 'Show All' }).isDisabled(), true);
    await expect(spin(page, 'Institution ID').inputValue()).resolves.toBe('');

    // Deleting a template is asked first.
    await page.getByRole('button', { name: 'Delete Maximum Tenor' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete parameter' });
    await visible(confirm.getByText('Are you sure you want to delete this parameter?'));
    await check('template-delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('Parameter deleted successfully'));
    await hidden(page.getByRole('cell', { name: 'Maximum Tenor', exact: true }));
    const after = (await api('/api/parameter/all')).body.data as { uniqueCode: number }[];
    expect(after.map((template) => template.uniqueCode)).not.toContain(2001);
  });

  it("sets one institution's values on /institution/{id}/parameters, which the institution then sees", async () => {
    const { page, check } = await adminVisit(e2e);
    await go(page, `/admin/parameters?institutionId=${second.id}`);
    await page.getByRole('link', { name: 'Edit all values' }).click();
    await onPath(page, `/institution/${second.id}/parameters`);
    await heading(page, 'Institution Parameters');
    await visible(page.getByText(`${second.name} · ID ${second.id}`));
    const save = page.getByRole('button', { name: 'Save Changes' });
    await visible(page.getByText('No unsaved changes'));
    await expect(save.isDisabled()).resolves.toBe(true);
    await visible(page.getByText('No change history available'));
    await check('institution-parameters');

    const maximum = spin(page, 'Maximum Credit Limit');
    // Grouped as the page's language writes it, never the raw 5000000 (issue 25, item 8).
    await expect(maximum.inputValue()).resolves.toBe('5,000,000');
    await maximum.fill('7500000');
    await spin(page, 'Minimum Score for Credit').fill('0.35');
    await visible(page.getByText('Modified').first());
    await expect(page.getByText('Modified', { exact: true }).count()).resolves.toBe(2);
    await visible(page.getByText('2 unsaved changes'));
    await expect(save.isDisabled()).resolves.toBe(false);
    // Typing the saved value back is no change.
    await spin(page, 'Minimum Score for Credit').fill('0.3');
    await visible(page.getByText('1 unsaved change'));
    await spin(page, 'Minimum Score for Credit').fill('0.35');
    await spin(page, 'Minimum Interest Rate').fill('40');
    await visible(page.getByText('Outside the recommended range', { exact: false }).first());
    await check('institution-parameters-modified');
    await spin(page, 'Minimum Interest Rate').fill('8');
    await visible(page.getByText('2 unsaved changes'));
    await save.click();
    await visible(page.getByText('Parameters saved successfully'));
    await visible(page.getByText('No unsaved changes'));
    await expect(save.isDisabled()).resolves.toBe(true);
    await expect(maximum.inputValue()).resolves.toBe('7,500,000');
    const history = page.getByRole('table', { name: 'Change History' });
    await visible(history.getByRole('row', { name: /Maximum Credit Limit/ }));
    await visible(history.getByRole('row', { name: /Maximum Credit Limit/ }).getByText(adminName));
    await visible(history.getByRole('row', { name: /Maximum Credit Limit/ }).getByText('7,500,000'));
    await visible(history.getByRole('row', { name: /Minimum Score for Credit/ }).getByText('0.35'));
    await check('institution-parameters-saved');

    // Through the API, as the institution itself.
    const own = (await api('/api/institution/getParameters', second.token)).body.data as Record<string, unknown>[];
    expect(own.find((entry) => entry.uniqueCode === 1002)).toMatchObject({ value: 7_500_000, isDefault: false });
    expect(own.find((entry) => entry.uniqueCode === 1005)).toMatchObject({ value: 0.35, isDefault: false });
    expect(own.find((entry) => entry.uniqueCode === 1003)).toMatchObject({ isDefault: true });

    // The institution sees the values on its own page, and who changed them.
    const context = await e2e.newContext();
    const visit = await e2e.open(context);
    await visit.page.goto('/');
    await signInAsInstitution(visit.page, second.email, second.password);
    await onPath(visit.page, '/workspace-dashboard');
    await visit.page.goto('/parameters');
    await until(() => visit.page.getByRole('spinbutton', { name: 'Maximum Credit Limit' }).inputValue(), '7,500,000'); // grouped as the page's language writes it
    await until(() => visit.page.getByRole('spinbutton', { name: 'Minimum Score for Credit' }).inputValue(), '0.35');
    await visible(visit.page.getByRole('table', { name: 'Change History' }).getByText(adminName).first());
  });

  it('manages templates on the Parameters tab of /admin/formula: Institution Value or N/A, edit, a confirmed delete', async () => {
    const { page, check } = await adminVisit(e2e);
    await go(page, '/admin/formula');
    await heading(page, 'Parameter Management');
    await page.getByRole('tab', { name: 'Parameters' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'parameters');
    const table = page.getByRole('table', { name: 'Parameter templates' });
    for (const header of ['Name', 'Description', 'Recommended Range', 'Impact', 'Normalization Formula', 'Institution Value'])
      await visible(table.getByRole('columnheader', { name: header, exact: true }));
    await visible(table.getByRole('row', { name: /Minimum Credit Limit/ }).getByText('50,000'));
    await check('formula-parameters');

    // A template no institution sets itself shows N/A.
    await page.getByRole('button', { name: 'Add Parameter' }).click();
    const create = page.getByRole('dialog', { name: 'Create Parameter' });
    await field(page, 'Parameter Name').fill('Sector Exposure Cap');
    await spin(page, 'Unique Code').fill('3001');
    await field(page, 'Description').fill('Highest share of the portfolio lent to one economic sector');
    await field(page, 'Recommended Range').fill('10-40');
    await page.getByRole('combobox', { name: 'Impact' }).click();
    await page.getByRole('option', { name: 'Negative', exact: true }).click();
    await field(page, 'Normalization Formula').fill('1 - value / max_value');
    await page.getByRole('switch', { name: 'Institution-specific' }).uncheck();
    await hidden(spin(page, 'Institution Value'));
    await create.getByRole('button', { name: 'Create Parameter' }).click();
    await visible(page.getByText('Parameter created successfully'));
    const row = table.getByRole('row', { name: /Sector Exposure Cap/ });
    await visible(row.getByText('N/A'));
    await visible(row.getByText('1 - value / max_value'));
    await visible(row.getByText('Negative'));

    await page.getByRole('button', { name: 'Edit Sector Exposure Cap' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Parameter' });
    await field(page, 'Recommended Range').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await visible(message(page, 'Recommended range is required'));
    await field(page, 'Recommended Range').fill('10-35');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText('Parameter updated successfully'));
    await visible(row.getByText('10-35'));

    await page.getByRole('button', { name: 'Delete Sector Exposure Cap' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete parameter' });
    await visible(confirm.getByText('Are you sure you want to delete this parameter?'));
    await check('formula-parameter-delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('Parameter deleted successfully'));
    await hidden(row);
    const after = (await api('/api/parameter/all')).body.data as { uniqueCode: number }[];
    expect(after.map((template) => template.uniqueCode)).not.toContain(3001);
  });

  it('speaks French on the parameter pages and dialogs', async () => {
    const { page, check } = await adminVisit(e2e, 'fr');
    const texts = fr.admin;
    await go(page, '/admin/parameters');
    await heading(page, fr.pages.adminParameters);
    // The starter model's templates are named in French on a French page.
    const minimumCreditLimit = fr.serverText.parameterTemplates['1001'].name as string;
    await visible(page.getByRole('cell', { name: minimumCreditLimit, exact: true }));
    await noEnglish(page);
    await check('fr-templates');

    await page.getByRole('button', { name: texts.parameters.create }).click();
    const create = page.getByRole('dialog', { name: texts.parameters.createTitle });
    await create.getByRole('button', { name: texts.parameters.createButton }).click();
    await visible(message(page, texts.parameters.rules.nameRequired));
    await visible(message(page, texts.parameters.rules.impactRequired));
    await noEnglish(page);
    await check('fr-template-create-errors');
    await create.getByRole('button', { name: texts.common.cancel }).click();
    await hidden(create);

    await page.getByRole('button', { name: texts.parameters.editNamed.replace('{{name}}', minimumCreditLimit) }).click();
    await visible(page.getByRole('dialog', { name: texts.parameters.editTitle }));
    await noEnglish(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: texts.institutionParameters.search }).click();
    await visible(message(page, texts.institutionParameters.idRequired));
    await spin(page, texts.institutionParameters.institutionId).fill(String(institution.id));
    await page.getByRole('button', { name: texts.institutionParameters.search }).click();
    await page.waitForURL((url) => url.searchParams.get('institutionId') === String(institution.id));
    await visible(page.getByRole('button', { name: texts.institutionParameters.showAll }));
    await visible(page.getByRole('link', { name: texts.institutionParameters.openEditor }));
    await noEnglish(page);
    await check('fr-institution-values');
    await page.getByRole('button', { name: texts.parameters.editNamed.replace('{{name}}', minimumCreditLimit) }).click();
    await visible(page.getByRole('dialog', { name: texts.institutionParameters.editTitle }).getByText(`${minimumCreditLimit} (1001)`));
    await noEnglish(page);
    await check('fr-institution-value-edit');
    await page.keyboard.press('Escape');

    await page.goto(`/institution/${institution.id}/parameters`);
    await heading(page, fr.pages.institutionParameters);
    await visible(page.getByRole('heading', { name: fr.parameters.historyTitle }));
    await spin(page, minimumCreditLimit).fill('60000');
    await visible(page.getByText(texts.institutionParameters.modified, { exact: true }));
    await noEnglish(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^fr/);
    await check('fr-institution-parameters');
  });
});
