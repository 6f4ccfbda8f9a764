/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { http } from 'msw';
import { act } from 'react';
import { i18n } from '../../app/i18n';
import { waitFor } from '../../test/dom';
import { answer, server, useMockServer } from '../../test/mockServer';
import { renderPage, type RenderedPage } from '../../test/renderPage';
import type { EntityChange, HistoryDiff, ModelAsOf, ParametersAsOf } from './complianceApi';
import { TimeTravelPage } from './TimeTravelPage';

useMockServer();

const moment = (position: number) => ({ requested: String(position), position, at: '2026-11-20T10:00:00.000Z' });
const by = {
  position: 40,
  type: 'InstitutionParametersSet',
  recordedAt: '2026-11-20T10:00:00.000Z',
  occurredAt: '2026-11-20T10:00:00.000Z',
  actor: { id: '1', role: 'admin', name: 'Ada Admin' },
};

const parameter = (id: number, uniqueCode: number, name: string, value: number, defaultValue: number) => ({
  id,
  uniqueCode,
  name,
  value,
  ownValue: value === defaultValue ? null : value,
  defaultValue,
  isActive: true,
});
const changed = (id: number, uniqueCode: number, name: string, before: number, after: number): EntityChange => ({
  id,
  name,
  before: { ...parameter(id, uniqueCode, name, before, before) },
  after: { ...parameter(id, uniqueCode, name, after, before) },
  fields: [
    { field: 'value', before, after },
    { field: 'uniqueCode', before: uniqueCode, after: uniqueCode },
  ],
  by: [by],
});

const model: ModelAsOf = {
  moment: moment(50),
  position: 50,
  hash: 'ab'.repeat(32),
  lastChange: null,
  categories: [],
  variables: [],
  parameterTemplates: [{ id: 2, uniqueCode: 1002, name: 'Maximum Credit Limit', defaultValue: 5_000_000, isActive: true }],
};
const parameters: ParametersAsOf = {
  moment: moment(50),
  institutionId: 3,
  position: 50,
  lastChange: by,
  parameters: [parameter(2, 1002, 'Maximum Credit Limit', 4_000_000, 5_000_000), parameter(3, 1003, 'Minimum Interest Rate', 9.5, 8)],
};
const empty = { added: [], removed: [], changed: [] };
const diff: HistoryDiff = {
  from: moment(10),
  to: moment(50),
  sections: {
    parameters: {
      ...empty,
      changed: [changed(2, 1002, 'Maximum Credit Limit', 5_000_000, 4_000_000), changed(3, 1003, 'Minimum Interest Rate', 8, 9.5)],
    },
  },
  history: [],
};

function timeTravelServer() {
  server.use(
    http.get('*/api/admin/compliance/model', () => answer(model)),
    http.get('*/api/admin/compliance/model/diff', () =>
      answer({
        ...diff,
        sections: {
          variables: {
            ...empty,
            changed: [
              {
                id: 2,
                name: 'Years as client',
                before: { uniqueCode: 102, proportion: 30 },
                after: { uniqueCode: 102, proportion: 40 },
                fields: [{ field: 'proportion', before: 30, after: 40 }],
                by: [by],
              },
            ],
          },
        },
      }),
    ),
    http.get('*/api/admin/compliance/institutions/3/parameters', () => answer(parameters)),
    http.get('*/api/admin/compliance/institutions/3/parameters/diff', () => answer(diff)),
    http.get('*/api/admin/institutions', () => answer({ institutions: [{ id: 3, name: 'Banque du Test' }] })),
  );
}

let page: RenderedPage | undefined;
afterEach(async () => {
  page?.unmount();
  await act(() => i18n.changeLanguage('en'));
});
/** The page's text with every kind of space as one plain space. */
const text = () => (page!.container.textContent ?? '').replace(/[\s\u00a0\u202f]+/g, ' ');
const cells = (section: string) =>
  [...page!.container.querySelectorAll(`section[aria-labelledby="${section}"] td`)].map((cell) =>
    (cell.textContent ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim(),
  );

describe('Time travel against a mocked server: parameter values in the page’s language', () => {
  const open = async () => {
    timeTravelServer();
    page = await renderPage(TimeTravelPage, {
      path: '/admin/compliance/time-travel',
      url: '/admin/compliance/time-travel?institution=3&from=10',
      role: 'admin',
      adminRole: 'auditor',
    });
    await waitFor(() => text().includes('Ada Admin') && cells('parameters-diff-parameters').length > 0, 'the comparison');
    expect(text()).toContain('Banque du Test');
  };

  it('writes money as FCFA and rates as percentages in English, never the raw figures', async () => {
    await open();
    const changes = cells('parameters-diff-parameters');
    expect(changes).toEqual(expect.arrayContaining(['FCFA 5,000,000', 'FCFA 4,000,000', '8 %', '9.50 %', '1002']));
    expect(text()).not.toContain('5000000');
    expect(text()).not.toContain('4000000');
    const values = cells('parameters-title');
    expect(values).toEqual(expect.arrayContaining(['FCFA 4,000,000', '9.50 %']));
    expect(text()).toContain('FCFA 5,000,000'); // the default beside the institution's own value, and the template's
    // A variable's proportion is a share, in percent as the model's tables write it; its code is no figure.
    expect(cells('model-diff-variables')).toEqual(['Proportion', '30 %', '40 %']);
  });

  it('writes them the French way in French', async () => {
    await open();
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => cells('parameters-diff-parameters').includes('5 000 000 FCFA'), 'the French figures');
    expect(cells('parameters-diff-parameters')).toEqual(expect.arrayContaining(['5 000 000 FCFA', '4 000 000 FCFA', '8 %', '9,50 %']));
    expect(cells('parameters-title')).toEqual(expect.arrayContaining(['4 000 000 FCFA', '9,50 %']));
    expect(text()).not.toContain('5000000');
  });
});
