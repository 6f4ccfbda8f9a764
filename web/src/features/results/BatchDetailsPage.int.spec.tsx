/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { act } from 'react';
import { http } from 'msw';
import { i18n } from '../../app/i18n';
import { tableRows, waitFor } from '../../test/dom';
import { answer, server, useMockServer } from '../../test/mockServer';
import { renderPage, type RenderedPage } from '../../test/renderPage';
import type { UploadBatch } from '../../shared/types';
import type { Comparison } from './api';
import { BatchDetailsPage } from './BatchDetailsPage';

useMockServer();

const batch: UploadBatch = {
  id: 7,
  name: 'November intake',
  description: null,
  filename: 'november.csv',
  fileType: 'csv',
  institutionId: 1,
  status: 'completed',
  total_records: 3,
  processed_records: 3,
  failed_records: 0,
  failureReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  completedAt: '2026-11-20T10:00:05.000Z',
};

const MISSING = { code: 'missing_required_variable', variable: 'Years in business' } as const;
const INVALID = { code: 'invalid_required_variable', variable: 'Monthly income' } as const;

type Client = Comparison['clients'][number];
const client = (id: number, creditLimit: number, now: Client['new'], problems: Client['notScorable'] = null): Client => ({
  clientId: id,
  name: `Client ${id}`,
  reference_number: `REF-${id}`,
  old: { creditLimit, interestRate: 12 },
  new: now,
  creditLimitChange: now ? now.creditLimit - creditLimit : null,
  interestRateChange: now ? now.interestRate - 12 : null,
  changed: true,
  notScorable: problems,
});

/** Batch 7 scored under v32 (12 Nov 2026), compared with today's v33 (27 Nov 2026). */
const comparison = (clients: Client[], totals: Comparison['totals']): Comparison => ({
  batch,
  fromModelVersion: 32,
  toModelVersion: 33,
  fromModel: { version: 32, since: '2026-11-12T09:00:00.000Z' },
  toModel: { version: 33, since: '2026-11-27T09:00:00.000Z' },
  totals,
  clients,
  pagination: { total: clients.length, page: 1, limit: 10, totalPages: 1 },
});

const partly = comparison(
  [
    client(1, 400_000, { creditLimit: 450_000, interestRate: 11 }),
    client(2, 300_000, null, { reason: 'Missing required variable: Years in business', problems: [MISSING] }),
    client(3, 200_000, null, {
      reason: 'Missing required variable: Years in business; Invalid value for required variable Monthly income: "lots" is not a number',
      problems: [MISSING, INVALID],
    }),
  ],
  {
    clients: 3,
    changed: 3,
    scorable: 1,
    noLongerScorable: 2,
    oldTotalCreditLimit: 900_000,
    oldAvgInterestRate: 12,
    scorableThen: { totalCreditLimit: 400_000, avgInterestRate: 12 },
    newTotalCreditLimit: 450_000,
    newAvgInterestRate: 11,
    notScorableReasons: [
      { ...MISSING, clients: 2 },
      { ...INVALID, clients: 1 },
    ],
  },
);

const noneScorable = comparison(
  [client(2, 300_000, null, { reason: 'Missing required variable: Years in business', problems: [MISSING] })],
  {
    clients: 1,
    changed: 1,
    scorable: 0,
    noLongerScorable: 1,
    oldTotalCreditLimit: 300_000,
    oldAvgInterestRate: 12,
    scorableThen: null,
    newTotalCreditLimit: null,
    newAvgInterestRate: null,
    notScorableReasons: [{ ...MISSING, clients: 1 }],
  },
);

const mocked = (compared: Comparison) => [
  http.get('*/api/result/batch/7', () =>
    answer({
      results: [],
      batch,
      batchSummary: { totalClients: 3, avgCreditLimit: 300_000, avgInterestRate: 12, totalCreditLimit: 900_000 },
      pagination: { total: 0, page: 1, limit: 10, totalPages: 0 },
    }),
  ),
  http.get('*/api/result/compare', () => answer(compared)),
];

let page: RenderedPage | undefined;
afterEach(async () => {
  page?.unmount();
  await act(() => i18n.changeLanguage('en'));
});

const open = async (compared: Comparison, language: 'en' | 'fr' = 'en') => {
  server.use(...mocked(compared));
  page = await renderPage(BatchDetailsPage, { path: '/result/batch/:batchId', url: '/result/batch/7', role: 'institution' });
  if (language === 'fr') await act(() => i18n.changeLanguage('fr'));
  const section = await waitFor(() => {
    const found = page!.container.querySelector('section[aria-labelledby="compare-title"]');
    return found?.querySelector('[data-testid="compare-versions"]') ? found : null;
  }, 'the comparison');
  return section as HTMLElement;
};

/** Text with every kind of space (Intl's narrow and no-break ones) written as a plain space. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const compareRows = (section: HTMLElement) => tableRows(section).map((cells) => cells.map(plain));

describe('Batch details: the comparison with today’s model', () => {
  it('names why each client is not scorable, leaves them out of today’s figures and labels the versions oldest first (English)', async () => {
    const section = await open(partly);
    const text = plain(section.textContent);
    expect(text).toContain("Model v32 (12 Nov 2026) → today's model v33 (27 Nov 2026)");
    expect(text).toContain("2 clients not scorable under today's model are left out of today's figures.");
    expect(text).toContain('Missing required variable: Years in business — 2 clients');
    expect(text).toContain('Invalid value for required variable: Monthly income — 1 client');
    expect(text).toContain('For the client scored today: FCFA 400,000');
    expect(text).toContain('FCFA 450,000');
    expect(text).toContain('2 clients left out');
    expect(text).toContain('Then, for the same clients: 12.00 %');
    const rows = compareRows(section);
    expect(rows[1][2]).toBe('Not scorableMissing required variable: Years in business');
    expect(rows[2][2]).toBe(
      'Not scorableMissing required variable: Years in business · Invalid value for required variable: Monthly income',
    );
  });

  it('shows — and says why, never FCFA 0 or 0.00 %, when no client is scorable today', async () => {
    const section = await open(noneScorable);
    const text = plain(section.textContent);
    expect(text).toContain("This batch's client is not scorable under today's model, so there are no figures for today.");
    expect(text).not.toMatch(/FCFA 0\b|0\.00 %/);
    const cards = [...section.querySelectorAll('.MuiPaper-root')].map((card) => plain(card.textContent));
    expect(cards.find((card) => card.startsWith('Total limit today'))).toBe('Total limit today—Not available: no client is scorable today');
    expect(cards.find((card) => card.startsWith('Avg. rate today'))).toBe('Avg. rate today—Not available: no client is scorable today');
  });

  it('says the same in French, with the dates and amounts written the French way', async () => {
    const section = await open(partly, 'fr');
    await waitFor(() => section.textContent?.includes('Modèle v32'), 'the French texts');
    const text = plain(section.textContent);
    expect(text).toContain('Modèle v32 (12 nov. 2026) → modèle du jour v33 (27 nov. 2026)');
    expect(text).toContain('2 clients non évaluables avec le modèle du jour sont exclus des chiffres du jour.');
    expect(text).toContain('Variable obligatoire manquante : Years in business — 2 clients');
    expect(text).toContain('Valeur invalide pour la variable obligatoire : Monthly income — 1 client');
    expect(text).toContain("Pour le client évalué aujourd'hui : 400 000 FCFA");
    expect(text).toContain('2 clients exclus');
    expect(text).toContain('Plus évaluables : 2');
    expect(text).toContain('Alors, pour les mêmes clients : 12,00 %');
    const rows = compareRows(section);
    expect(rows[1][2]).toBe('Non évaluableVariable obligatoire manquante : Years in business');
  });

  it('says when the batch was scored under today’s model', async () => {
    const same = { ...partly, fromModelVersion: 33, fromModel: partly.toModel };
    const section = await open(same);
    expect(plain(section.querySelector('[data-testid="compare-versions"]')?.textContent)).toBe(
      "Scored under today's model v33 (27 Nov 2026): nothing has changed since.",
    );
  });
});
