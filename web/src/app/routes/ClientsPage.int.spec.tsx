/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { http } from 'msw';
import { act } from 'react';
import { i18n } from '../i18n';
import { click, findButton, tableRows, waitFor } from '../../test/dom';
import { answer, sent, server, useMockServer } from '../../test/mockServer';
import { renderPage, type RenderedPage } from '../../test/renderPage';
import type { Result } from '../../features/results/api';
import { ClientsPage } from './ClientsPage';

useMockServer();

const client = (id: number, name: string, resultCount: number): Result => ({
  id: 500 + id,
  credit_limit: 1_250_000 + id,
  interest_rate: 12.5,
  createdAt: `2026-03-0${id}T10:00:00.000Z`,
  uploadBatchId: 7,
  modelVersion: 40,
  sum_normalised_credit_limit_weights: 0.82,
  sum_normalised_interest_rate_weights: 0.4,
  client: { id: 100 + id, name, reference_number: `REF-${id}`, phoneNumber: null, email: null },
  uploadBatch: { id: 7, name: 'March batch', filename: 'march.csv' },
  resultCount,
});

function clientsServer() {
  server.use(
    http.get('*/api/result/getAllResults', () =>
      answer({
        results: [client(1, 'Awa Ndiaye', 3), client(2, 'Kofi Mensah', 1)],
        pagination: { total: 2, page: 1, limit: 10, totalPages: 1 },
      }),
    ),
  );
}

let page: RenderedPage | undefined;
afterEach(async () => {
  page?.unmount();
  await act(() => i18n.changeLanguage('en'));
});
const open = async () => {
  clientsServer();
  page = await renderPage(ClientsPage, {
    path: '/clients',
    url: '/clients?q=a',
    role: 'institution',
    otherRoutes: [{ path: '/client/:clientId', Component: () => null }],
  });
  await waitFor(() => tableRows(page!.container).length === 2, 'two clients');
};
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
const headers = () => [...page!.container.querySelectorAll('thead th')].map((cell) => plain(cell.textContent ?? ''));
const rows = () => tableRows(page!.container).map((row) => row.map(plain));

describe('All Clients page against a mocked server', () => {
  it('lists one row per client with its latest result, its number of results and when it was last scored', async () => {
    await open();
    const request = sent.filter((answered) => answered.url.pathname === '/api/result/getAllResults').at(-1)!.url.searchParams;
    expect(request.get('view')).toBe('clients');
    expect(request.get('search')).toBe('a');
    expect(page!.container.querySelector('h1')?.textContent).toBe('Clients');
    expect(page!.container.textContent).toContain('One row per client you have scored');
    expect(findButton(page!.container, 'Export CSV')).not.toBeNull();
    expect(headers()).toEqual(['Client', 'Latest limit', 'Latest rate', 'Score', 'Results', 'Last scored', 'Actions']);
    const [awa, kofi] = rows();
    expect(awa.slice(0, 6)).toEqual([
      'Awa NdiayeREF-1',
      'FCFA 1,250,001',
      '12.50 %',
      '82.0%',
      '3 results',
      expect.stringMatching(/^1 Mar 2026/),
    ]);
    expect(kofi[4]).toBe('1 result');
    // No batch column: that is the results page's, one row per scoring.
    expect(page!.container.textContent).not.toContain('March batch');
    await click(findButton(page!.container, 'View client Kofi Mensah')!);
    expect(page!.router.state.location.pathname).toBe('/client/102');
    expect(page!.router.state.location.state).toMatchObject({ returnTo: '/clients?q=a' });
  });

  it('says the same in French, with French plurals and figures', async () => {
    await open();
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => headers().includes('Dernière limite'), 'the French headers');
    expect(headers()).toEqual(['Client', 'Dernière limite', 'Dernier taux', 'Score', 'Résultats', 'Dernière évaluation', 'Actions']);
    const [awa, kofi] = rows();
    expect(awa.slice(1, 5)).toEqual(['1 250 001 FCFA', '12,50 %', '82,0 %', '3 résultats']);
    expect(kofi[4]).toBe('1 résultat');
    expect(page!.container.textContent).toContain('Une ligne par client évalué');
    expect(findButton(page!.container, 'Exporter en CSV')).not.toBeNull();
  });
});
