/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { http } from 'msw';
import { change, click, findButton, findField, tableRows, waitFor } from '../../test/dom';
import { answer, refusal, sent, server, useMockServer } from '../../test/mockServer';
import { renderPage, type RenderedPage } from '../../test/renderPage';
import type { Result } from './api';
import { ResultsPage } from './ResultsPage';

useMockServer();

const result = (id: number, name: string): Result => ({
  id,
  credit_limit: 250_000 + id,
  interest_rate: 12.5,
  createdAt: '2026-03-0' + (id % 9 || 1) + 'T10:00:00.000Z',
  uploadBatchId: 7,
  modelVersion: 1,
  sum_normalised_credit_limit_weights: 0.6,
  sum_normalised_interest_rate_weights: 0.4,
  client: { id: 100 + id, name, reference_number: `REF-${id}`, phoneNumber: null, email: null },
  uploadBatch: { id: 7, name: 'March batch', filename: 'march.csv' },
});

/** The mocked results route: `total` results in all, the page asked for built from the query. */
const results = (total: number) =>
  http.get('*/api/result/getAllResults', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const page = Number(query.get('page'));
    const limit = Number(query.get('limit'));
    const first = (page - 1) * limit;
    const rows = Array.from({ length: Math.max(0, Math.min(limit, total - first)) }, (_, index) =>
      result(first + index + 1, `Client ${first + index + 1}`),
    );
    return answer({ results: rows, pagination: { total, page, limit, totalPages: Math.ceil(total / limit) } });
  });

const resultRequests = () =>
  sent.filter((request) => request.url.pathname === '/api/result/getAllResults').map((request) => request.url.searchParams);
const lastRequest = () => resultRequests().at(-1)!;

let page: RenderedPage | undefined;
afterEach(() => page?.unmount());
const open = async (url = '/results') => (page = await renderPage(ResultsPage, { path: '/results', url, role: 'institution' }));
const rows = () => tableRows(page!.container);

describe('Results page against a mocked server', () => {
  it('asks for the first page, newest first, and shows its rows', async () => {
    server.use(results(3));
    await open();
    await waitFor(() => rows().length === 3, 'three rows');
    expect(rows()[0][0]).toContain('Client 1');
    expect(rows()[0][0]).toContain('REF-1');
    expect(Object.fromEntries(lastRequest())).toEqual({ page: '1', limit: '10', sortBy: 'createdAt', sortOrder: 'desc', view: 'batches' });
    expect(page!.container.textContent).toContain('1–3 of 3');
  });

  it('reads its filters from the URL and sends them', async () => {
    server.use(results(1));
    await open('/results?view=clients&q=amadou&from=2026-01-01&min=1000&sort=credit_limit&order=asc&size=20&page=1');
    await waitFor(() => rows().length === 1, 'one row');
    expect(Object.fromEntries(lastRequest())).toEqual({
      page: '1',
      limit: '20',
      sortBy: 'credit_limit',
      sortOrder: 'asc',
      search: 'amadou',
      dateFrom: '2026-01-01',
      minAmount: '1000',
      view: 'clients',
    });
    expect(findField(page!.container, 'Search name, reference, email')!.value).toBe('amadou');
  });

  it('puts a typed search, a filter and a sort in the URL and the request, back on page 1', async () => {
    server.use(results(25));
    await open('/results?page=2');
    await waitFor(() => rows().length === 10, 'page 2');
    await change(findField(page!.container, 'Search name, reference, email')!, 'kofi');
    await waitFor(() => page!.search().get('q') === 'kofi', 'the search in the URL');
    expect(page!.search().get('page')).toBeNull();
    await waitFor(() => lastRequest().get('search') === 'kofi' && lastRequest().get('page') === '1', 'the searched request');

    await change(findField(page!.container, 'Max. limit (XAF)')!, '500000');
    expect(page!.search().get('max')).toBe('500000');
    await waitFor(() => lastRequest().get('maxAmount') === '500000', 'the amount filter sent');

    await change(findField<HTMLSelectElement>(page!.container, 'Sort by')!, 'interest_rate:asc');
    expect(page!.search().get('sort')).toBe('interest_rate');
    expect(page!.search().get('order')).toBe('asc');
    await waitFor(() => lastRequest().get('sortBy') === 'interest_rate' && lastRequest().get('sortOrder') === 'asc', 'the sort sent');

    await click(findButton(page!.container, 'Clear Filters')!);
    expect(page!.search().toString()).toBe('sort=interest_rate&order=asc');
    await waitFor(() => !lastRequest().has('search') && !lastRequest().has('maxAmount'), 'the cleared request');
  });

  it('warns when the From date is after the To date, and the warning goes once they are in order', async () => {
    server.use(results(1));
    await open('/results?from=2026-03-10&to=2026-03-01');
    await waitFor(() => rows().length === 1, 'one row');
    const warning = () => [...page!.container.querySelectorAll('[role="alert"]')].map((node) => node.textContent).join(' ');
    expect(warning()).toContain('The From date is after the To date');
    expect(findField(page!.container, 'From')!.getAttribute('aria-invalid')).toBe('true');
    await change(findField(page!.container, 'To')!, '2026-03-20');
    await waitFor(() => !warning().includes('The From date is after the To date'), 'the warning gone');
    expect(findField(page!.container, 'From')!.getAttribute('aria-invalid')).toBeNull();
  });

  it('pages forward and back and changes the page size', async () => {
    server.use(results(25));
    await open();
    await waitFor(() => rows().length === 10, 'page 1');
    await click(findButton(page!.container, 'Go to next page')!);
    expect(page!.search().get('page')).toBe('2');
    await waitFor(() => rows()[0]?.[0].includes('Client 11'), 'page 2');
    await click(findButton(page!.container, 'Go to next page')!);
    await waitFor(() => rows().length === 5, 'page 3, the last five');
    expect(page!.container.textContent).toContain('21–25 of 25');
    expect(findButton(page!.container, 'Go to next page')).toHaveProperty('disabled', true);

    await change(findField<HTMLSelectElement>(page!.container, 'Rows per page:')!, '50');
    expect(page!.search().get('size')).toBe('50');
    expect(page!.search().get('page')).toBeNull();
    await waitFor(() => rows().length === 25, 'all 25 on one page');
    expect(lastRequest().get('limit')).toBe('50');
  });

  it('switches to the clients view, dropping filters and sort', async () => {
    server.use(results(2));
    await open('/results?q=x&sort=credit_limit');
    await waitFor(() => rows().length === 2, 'rows');
    await click(findButton(page!.container, 'All Clients')!);
    expect(page!.search().toString()).toBe('view=clients');
    await waitFor(() => lastRequest().get('view') === 'clients' && !lastRequest().has('search'), 'the clients request');
  });

  it("opens a client's details with the list's URL, so Back to Results returns to the same search and filters", async () => {
    server.use(results(2));
    page = await renderPage(ResultsPage, {
      path: '/results',
      url: '/results?search=Client&minAmount=1000&sortBy=creditLimit',
      role: 'institution',
      otherRoutes: [{ path: '/client/:clientId', Component: () => null }],
    });
    await waitFor(() => rows().length === 2, 'rows');
    await click(findButton(page!.container, 'View details of Client 2')!);
    expect(page!.router.state.location.pathname).toBe('/client/102');
    expect(page!.router.state.location.state).toEqual({
      uploadBatchId: 7,
      returnTo: '/results?search=Client&minAmount=1000&sortBy=creditLimit',
    });
  });

  it('says what to do next when there is nothing, and when nothing matches', async () => {
    server.use(results(0));
    await open();
    await waitFor(() => page!.container.textContent?.includes('No batch results found'), 'the empty state');
    expect(page!.container.textContent).toContain('Upload a batch of clients');
    page!.unmount();
    await open('/results?q=nobody');
    await waitFor(() => page!.container.textContent?.includes('No result found'), 'the no-match state');
    expect(page!.container.textContent).toContain('Try another search or clear the filters.');
  });

  it("names each client's institution for an administrator, who is not asked to upload", async () => {
    const banks = ['Banque Atlantique', 'Crédit du Sahel'];
    server.use(
      http.get('*/api/result/getAllResults', () =>
        answer({
          results: banks.map((name, index) => ({ ...result(index + 1, `Client ${index + 1}`), institution: { id: index + 5, name } })),
          pagination: { total: 2, page: 1, limit: 10, totalPages: 1 },
        }),
      ),
    );
    page = await renderPage(ResultsPage, { path: '/results', url: '/results', role: 'admin' });
    await waitFor(() => rows().length === 2, 'two rows');
    expect(rows()[0][0]).toContain('REF-1 · Banque Atlantique');
    expect(rows()[1][0]).toContain('REF-2 · Crédit du Sahel');
    expect(page.container.textContent).toContain('Every client scored by the institutions on the platform.');
    page.unmount();
    server.use(results(0));
    page = await renderPage(ResultsPage, { path: '/results', url: '/results', role: 'admin' });
    await waitFor(() => page!.container.textContent?.includes('No batch results found'), 'the empty state');
    expect(page.container.textContent).toContain("Results appear here once an institution's batch has been scored.");
    expect(page.container.textContent).not.toContain('Upload a batch of clients');
  });

  it("shows the server's refusal in a banner, and Refresh asks again", async () => {
    server.use(http.get('*/api/result/getAllResults', () => refusal(500, 'Database unavailable')));
    await open();
    await waitFor(() => page!.container.querySelector('[role="alert"]')?.textContent?.includes('Database unavailable'), 'the error banner');
    const before = resultRequests().length;
    server.use(results(1));
    await click(findButton(page!.container, 'Refresh Data')!);
    await waitFor(() => rows().length === 1, 'the rows after a refresh');
    expect(resultRequests().length).toBe(before + 1);
    expect(page!.container.querySelector('[role="alert"]')).toBeNull();
  });
});
