import type { Locator, Page } from 'playwright-core';
import { bearer, decodeToken, signInAsAdmin } from '../support/actors';
import { E2E_TEST_TIMEOUT_MS, SETUP_TIMEOUT_MS, startE2E, type E2E } from '../support/browser';
import { adminVisit, field, go, hidden, message, onPath, pathOf, until, visible } from './flows';
import { englishLeftIn, fr } from './languages';

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

type ModelVariable = {
  id: number;
  name: string;
  variableProportion: number;
  responseType: string;
  normalisationFormula: string | null;
  categoryMappings: { categoryName: string; numericValue: number }[];
};

/** The scoring model's admin screens (issue 12) in the real browser: categories, variables, the formula screen, French. */
describe('Scoring model administration (browser)', () => {
  let e2e: E2E;
  let adminName: string;
  const category = 'Compliance History';
  const categoryDescription = 'Record with the banking supervisor (COBAC)';
  const numeric = 'Tax compliance score';
  const categorical = 'Audit findings';

  const heading = (page: Page, name: string) => visible(page.getByRole('heading', { level: 1, name }));
  const spin = (scope: Page | Locator, name: string) => scope.getByRole('spinbutton', { name, exact: true });
  const choose = async (page: Page, scope: Locator, box: string, option: string) => {
    await scope.getByRole('combobox', { name: box }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const variables = async () =>
    (await e2e.platform.request('/api/variable/all?includeAssociations=true', { headers: bearer(await signInAsAdmin(e2e.platform)) })).body
      .data as ModelVariable[];
  /** The colour of the running total: red (error) unless the category totals 100. */
  const isRed = (locator: Locator) =>
    locator.evaluate((element) => {
      const [red, green] = (getComputedStyle(element).color.match(/\d+/g) ?? []).map(Number);
      return red > 150 && green < 100;
    });

  /** No English sentence of the app on a French page (the model's names and descriptions are data). */
  const noEnglish = async (page: Page) => {
    const text = await page.evaluate(() => document.body.innerText);
    const left = englishLeftIn(text, [adminName, category, categoryDescription, numeric, categorical]);
    if (left.length > 0) throw new Error(`English left on ${page.url()}: ${JSON.stringify(left)}`);
  };

  beforeAll(async () => {
    e2e = await startE2E('admin-model');
    adminName = decodeToken(await signInAsAdmin(e2e.platform)).name as string;
  }, SETUP_TIMEOUT_MS);
  afterEach(() => e2e.endTest());
  afterAll(() => e2e?.close());

  it('creates a category (messages first), edits it, refuses deleting one that holds variables and deletes one after asking', async () => {
    const { page, check } = await adminVisit(e2e);
    await page.getByRole('link', { name: /Category Management/ }).click();
    await onPath(page, '/admin/categories');
    await heading(page, 'Category Management');
    const table = page.getByRole('table', { name: 'Variable categories' });
    for (const header of ['Name', 'Description', 'Credit Limit Weight', 'Interest Rate Weight', 'Actions'])
      await visible(table.getByRole('columnheader', { name: header }));
    await visible(table.getByRole('row', { name: /Character/ }));
    await check('categories');

    await page.getByRole('button', { name: 'Add Category' }).click();
    const create = page.getByRole('dialog', { name: 'Add New Category' });
    await spin(create, 'Credit Limit Weight').fill('');
    await spin(create, 'Interest Rate Weight').fill('150');
    await create.getByRole('button', { name: 'Create' }).click();
    await visible(message(page, 'Name and description are required.').first());
    await visible(message(page, 'Credit Limit Weight and Interest Rate Weight must be valid numbers.'));
    await visible(message(page, 'Weights must be between 0 and 100 (inclusive).'));
    await check('category-create-errors');
    // An error clears as soon as its field is edited.
    await field(page, 'Name').fill(category);
    await expect(message(page, 'Name and description are required.').count()).resolves.toBe(1);
    await field(page, 'Description').fill(categoryDescription);
    await spin(create, 'Credit Limit Weight').fill('12.5');
    await spin(create, 'Interest Rate Weight').fill('10');
    await expect(spin(create, 'Interest Rate Weight').getAttribute('step')).resolves.toBe('0.01');
    await create.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByText('Category created successfully'));
    await hidden(create);
    const row = table.getByRole('row', { name: new RegExp(category) });
    await visible(row.getByRole('cell', { name: '12.5', exact: true }));

    await page.getByRole('button', { name: `Edit ${category}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await expect(field(page, 'Name').inputValue()).resolves.toBe(category);
    await spin(edit, 'Interest Rate Weight').fill('15');
    await check('category-edit');
    await edit.getByRole('button', { name: 'Update' }).click();
    await visible(page.getByText('Category updated successfully'));
    await visible(row.getByRole('cell', { name: '15', exact: true }));
    // The snackbar hides after 6 seconds.
    await hidden(page.getByText('Category updated successfully'), 9_000);

    // The server refuses to delete a category that still holds variables, and says so.
    await page.getByRole('button', { name: 'Delete Character' }).click();
    const refuse = page.getByRole('dialog', { name: 'Delete Category' });
    await visible(refuse.getByText('Are you sure you want to delete this category?'));
    await visible(refuse.getByText('Character still holds variables (3)', { exact: false }));
    await check('category-delete-holding');
    await refuse.getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('This category still holds 3 variables; move or delete them before deleting the category'));
    await visible(table.getByRole('row', { name: /Character/ }));

    await page.getByRole('button', { name: 'Add Category' }).click();
    await field(page, 'Name').fill('Temporary');
    await field(page, 'Description').fill('Made to be deleted');
    await page.getByRole('button', { name: 'Create' }).click();
    await visible(table.getByRole('row', { name: /Temporary/ }));
    await page.getByRole('button', { name: 'Delete Temporary' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Category' });
    await visible(remove.getByText('Temporary holds no variables.'));
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await hidden(remove);
    await visible(table.getByRole('row', { name: /Temporary/ }));
    await page.getByRole('button', { name: 'Delete Temporary' }).click();
    await remove.getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('Category deleted successfully'));
    await hidden(table.getByRole('row', { name: /Temporary/ }));
  });

  it('adds a numeric variable whose formula is refused as typed and tried, then a categorical one whose proportions must total 100', async () => {
    const { page, check } = await adminVisit(e2e);
    await go(page, '/admin/variables');
    await heading(page, 'Variable Management');
    const table = page.getByRole('table', { name: 'Variables' });
    for (const header of ['Name', 'Category', 'Response Type', 'Masked', 'Unique Code', 'Proportion', 'Min Value', 'Max Value', 'Actions'])
      await visible(table.getByRole('columnheader', { name: header, exact: true }));
    const income = table.getByRole('row', { name: /Monthly income/ });
    await visible(income.getByRole('cell', { name: 'Numeric', exact: true }));
    await visible(income.getByRole('cell', { name: 'Yes', exact: true }));
    await visible(income.getByRole('cell', { name: '2,000,000', exact: true }));
    await check('variables');

    await page.getByRole('button', { name: 'Add Variable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Variable' });
    await visible(dialog.getByText('e.g. value / max_value', { exact: false }));
    await dialog.getByRole('button', { name: 'Create' }).click();
    for (const text of ['Name is required', 'Unique code is required', 'Description is required', 'Category is required'])
      await visible(message(page, text));
    await check('variable-create-errors');

    await field(page, 'Name').fill(numeric);
    await spin(dialog, 'Unique Code').fill('601');
    await field(page, 'Description').fill('Share of tax declarations filed on time (0 to 100)');
    await choose(page, dialog, 'Category', category);
    await spin(dialog, 'Variable Proportion').fill('60');
    // No other variable in this category yet: no proportion editor.
    await expect(dialog.getByText(/^Total:/).count()).resolves.toBe(0);

    // The formula is checked by the server as it is typed, and its reason shown on the field.
    const formula = field(page, 'Normalization Formula');
    await formula.fill('value / max_valu');
    await visible(dialog.getByText(/^Invalid normalization formula: .*max_valu/));
    await expect(formula.getAttribute('aria-invalid')).resolves.toBe('true');
    await check('variable-formula-refused');
    await formula.fill('value / max_value');
    await visible(dialog.getByText('Valid. At 0: 0 · At 50: 0.5 · At 100: 1'));
    await expect(formula.getAttribute('aria-invalid')).resolves.toBe('false');
    await field(page, 'Sample value').fill('25');
    await dialog.getByRole('button', { name: 'Try' }).click();
    await visible(dialog.getByText('25 normalises to 0.25'));
    await field(page, 'Sample value').fill('140');
    await field(page, 'Sample value').press('Enter');
    await visible(dialog.getByText('140 normalises to 1'));
    await visible(dialog.getByText('The formula gives 1.4, kept within 0 to 1.'));
    await check('variable-formula-tried');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByText('Variable created successfully'));
    await hidden(dialog);
    await visible(table.getByRole('row', { name: new RegExp(numeric) }).getByRole('cell', { name: '60%' }));

    // A categorical variable: mapping rows instead of a formula, and the category's total to bring to 100.
    await page.getByRole('button', { name: 'Add Variable' }).click();
    await field(page, 'Name').fill(categorical);
    await spin(dialog, 'Unique Code').fill('602');
    await field(page, 'Description').fill('Outcome of the last supervisory audit: clean, minor or major');
    await choose(page, dialog, 'Response Type', 'Categorical');
    await hidden(field(page, 'Normalization Formula'));
    await choose(page, dialog, 'Category', category);
    await field(page, 'Category name 1').fill('clean');
    await spin(dialog, 'Numeric value 1').fill('100');
    await dialog.getByRole('button', { name: 'Add Mapping' }).click();
    await field(page, 'Category name 2').fill('Clean');
    await spin(dialog, 'Numeric value 2').fill('60');
    await dialog.getByRole('button', { name: 'Add Mapping' }).click();
    await field(page, 'Category name 3').fill('major');
    await spin(dialog, 'Numeric value 3').fill('0');
    await dialog.getByRole('button', { name: 'Add Mapping' }).click();
    await spin(dialog, 'Variable Proportion').fill('30');
    const total = dialog.getByText(/^Total:/);
    await visible(dialog.getByRole('group', { name: `Proportions in ${category}` }));
    await expect(total.textContent()).resolves.toBe('Total: 90%');
    await expect(isRed(total)).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(message(page, 'Total proportion for all variables in this category must be exactly 100%'));
    await visible(message(page, 'Category mapping names must be unique').first());
    await visible(message(page, 'Each category mapping needs a category name'));
    await check('variable-total-refused');

    await dialog.getByRole('button', { name: 'Remove mapping 4' }).click();
    await field(page, 'Category name 2').fill('minor');
    await spin(dialog, numeric).fill('70');
    await expect(total.textContent()).resolves.toBe('Total: 100%');
    await expect(isRed(total)).resolves.toBe(false);
    await hidden(message(page, 'Total proportion for all variables in this category must be exactly 100%'));
    await check('variable-categorical-ready');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByText('Variable created successfully'));
    await hidden(dialog);
    await visible(table.getByRole('row', { name: new RegExp(numeric) }).getByRole('cell', { name: '70%' }));
    const saved = await variables();
    expect(saved.find((variable) => variable.name === numeric)).toMatchObject({
      variableProportion: 70,
      normalisationFormula: 'value / max_value',
    });
    expect(saved.find((variable) => variable.name === categorical)).toMatchObject({
      variableProportion: 30,
      responseType: 'categorical',
      categoryMappings: [
        { categoryName: 'clean', numericValue: 100 },
        { categoryName: 'minor', numericValue: 60 },
        { categoryName: 'major', numericValue: 0 },
      ],
    });
  });

  it('edits a variable and fits the others to 100, and deletes one after asking', async () => {
    const { page, check } = await adminVisit(e2e);
    await go(page, '/admin/variables');
    const table = page.getByRole('table', { name: 'Variables' });
    await page.getByRole('button', { name: `Edit ${categorical}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Variable' });
    await expect(field(page, 'Category name 3').inputValue()).resolves.toBe('major');
    await expect(spin(dialog, numeric).inputValue()).resolves.toBe('70');
    await spin(dialog, 'Variable Proportion').fill('45');
    const total = dialog.getByText(/^Total:/);
    await expect(total.textContent()).resolves.toBe('Total: 115%');
    await dialog.getByRole('button', { name: 'Fit the others to 100%' }).click();
    await expect(spin(dialog, numeric).inputValue()).resolves.toBe('55');
    await expect(total.textContent()).resolves.toBe('Total: 100%');
    await check('variable-edit');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await visible(page.getByText('Variable updated successfully'));
    await visible(table.getByRole('row', { name: new RegExp(categorical) }).getByRole('cell', { name: '45%' }));
    await visible(table.getByRole('row', { name: new RegExp(numeric) }).getByRole('cell', { name: '55%' }));

    await page.getByRole('button', { name: `Delete ${numeric}` }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Variable' });
    await visible(remove.getByText('Are you sure you want to delete this variable?'));
    await visible(remove.getByText(`Without ${numeric}, the variables of ${category} will total 45%`, { exact: false }));
    await check('variable-delete');
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await hidden(remove);
    await visible(table.getByRole('row', { name: new RegExp(numeric) }));
    await page.getByRole('button', { name: `Delete ${numeric}` }).click();
    await remove.getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText(`Variable deleted successfully. The variables of ${category} now total 45%`, { exact: false }));
    await hidden(table.getByRole('row', { name: new RegExp(numeric) }));
    expect((await variables()).map((variable) => variable.name)).not.toContain(numeric);
  });

  it('shows Parameter Management in three tabs kept in the URL, each with its add button and the shared dialogs', async () => {
    const { page, check } = await adminVisit(e2e);
    await go(page, '/admin/formula');
    await heading(page, 'Parameter Management');
    await visible(page.getByRole('tab', { name: 'Categories', selected: true }));
    const categories = page.getByRole('table', { name: 'Variable categories' });
    await visible(categories.getByRole('row', { name: /Capacity/ }));
    await visible(categories.getByRole('columnheader', { name: 'Credit Limit Weight' }));
    await check('formula-categories');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await visible(page.getByRole('dialog', { name: 'Add New Category' }));
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('tab', { name: 'Variables' }).click();
    await until(() => Promise.resolve(pathOf(page)), '/admin/formula?tab=variables');
    const variablesTable = page.getByRole('table', { name: 'Variables' });
    for (const header of ['Name', 'Category name', 'Proportion', 'Min Value', 'Max Value', 'Normalization Formula'])
      await visible(variablesTable.getByRole('columnheader', { name: header, exact: true }));
    const debt = variablesTable.getByRole('row', { name: /Debt-to-income ratio/ });
    await visible(debt.getByText('1 - value / max_value'));
    await visible(debt.getByRole('cell', { name: '30%' }));
    await check('formula-variables');
    await page.getByRole('button', { name: 'Edit Debt-to-income ratio' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Variable' });
    await expect(field(page, 'Normalization Formula').inputValue()).resolves.toBe('1 - value / max_value');
    await visible(edit.getByText('Valid. At 0: 1 · At 50: 0.5 · At 100: 0'));
    await visible(edit.getByRole('group', { name: 'Proportions in Capacity' }));
    await check('formula-variable-edit');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await hidden(edit);

    await page.getByRole('tab', { name: 'Parameters' }).click();
    await until(() => Promise.resolve(pathOf(page)), '/admin/formula?tab=parameters');
    await visible(page.getByRole('button', { name: 'Add Parameter' }));
    await check('formula-parameters');
    // The open tab survives a refresh.
    await page.reload();
    await visible(page.getByRole('tab', { name: 'Parameters', selected: true }));
  });

  it('speaks French on the three model pages and their dialogs', async () => {
    const { page, check } = await adminVisit(e2e, 'fr');
    const texts = fr.admin;
    await go(page, '/admin/categories');
    await heading(page, fr.pages.categories);
    await visible(page.getByRole('row', { name: /Character/ }));
    await noEnglish(page);
    await check('fr-categories');
    await page.getByRole('button', { name: texts.categories.add }).click();
    const category = page.getByRole('dialog', { name: texts.categories.createTitle });
    await category.getByRole('button', { name: texts.categories.create }).click();
    await visible(message(page, texts.categories.rules.nameDescriptionRequired).first());
    await noEnglish(page);
    await check('fr-category-errors');
    await category.getByRole('button', { name: texts.common.cancel }).click();

    await go(page, '/admin/variables');
    await heading(page, fr.pages.variables);
    await visible(page.getByRole('row', { name: /Monthly income/ }).getByText(texts.variables.responseTypes.int_float));
    await noEnglish(page);
    await check('fr-variables');
    await page.getByRole('button', { name: texts.variables.editNamed.replace('{{name}}', 'Repayment history') }).click();
    const variable = page.getByRole('dialog', { name: texts.variables.editTitle });
    await visible(variable.getByRole('group', { name: texts.variables.proportionsTitle.replace('{{category}}', 'Character') }));
    await noEnglish(page);
    await check('fr-variable-edit');
    await variable.getByRole('button', { name: texts.common.cancel }).click();

    for (const tab of ['categories', 'variables', 'parameters'] as const) {
      await go(page, `/admin/formula?tab=${tab}`);
      await heading(page, fr.pages.formula);
      await visible(page.getByRole('tab', { name: texts.formula.tabs[tab], selected: true }));
      await visible(page.getByRole('table'));
      await noEnglish(page);
      await check(`fr-formula-${tab}`);
    }
  });
});
