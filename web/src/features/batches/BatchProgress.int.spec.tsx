/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { http } from 'msw';
import { waitFor } from '../../test/dom';
import { answer, server, useMockServer } from '../../test/mockServer';
import { renderPage, type RenderedPage } from '../../test/renderPage';
import type { UploadBatch } from '../../shared/types';
import { BatchJobsList } from './BatchJobsList';
import { BatchProgress } from './BatchProgress';

useMockServer();

const batch = (overrides: Partial<UploadBatch>): UploadBatch => ({
  id: 5,
  name: 'March batch',
  description: null,
  filename: 'march.csv',
  fileType: 'csv',
  institutionId: 1,
  status: 'completed',
  total_records: 3,
  processed_records: 3,
  failed_records: 0,
  failureReason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  completedAt: '2026-03-01T10:00:01.000Z',
  ...overrides,
});

const serve = (shown: UploadBatch) =>
  server.use(
    http.get('*/api/csv/batch/5', () => answer(shown)),
    http.get('*/api/csv/batch/5/errors', () =>
      answer({ errors: [], failureReason: shown.failureReason, pagination: { total: 0, page: 1, limit: 50, totalPages: 0 } }),
    ),
  );

let page: RenderedPage | undefined;
afterEach(() => page?.unmount());
const open = async () =>
  (page = await renderPage(() => <BatchProgress batchId={5} />, { path: '/batches', url: '/batches', role: 'institution' }));
const text = () => page!.container.textContent ?? '';

describe('The batch just uploaded', () => {
  it('says a file refused as a whole was not read, instead of "Failed 1" beside 0 received', async () => {
    serve(batch({ status: 'failed', total_records: 0, processed_records: 0, failed_records: 1, failureReason: 'Missing column: income' }));
    await open();
    await waitFor(() => text().includes('The file was refused before any row was read'), 'the refused-file sentence');
    expect(text()).not.toContain('Received');
    expect(text()).not.toContain('Scored');
  });

  it('shows its figures when rows were read', async () => {
    serve(batch({ status: 'completed_with_errors', total_records: 3, processed_records: 2, failed_records: 1 }));
    await open();
    await waitFor(() => text().includes('Received'), 'the figures');
    expect(text()).toContain('Scored');
    expect(text()).not.toContain('The file was refused');
  });
});

describe('The batch list', () => {
  it('says a refused file was not read rather than counting it as one failed row', async () => {
    const refused = batch({ status: 'failed', total_records: 0, processed_records: 0, failed_records: 1, failureReason: 'Missing column' });
    server.use(
      http.get('*/api/csv/batches', () => answer({ batches: [refused], pagination: { total: 1, page: 1, limit: 20, totalPages: 1 } })),
    );
    page = await renderPage(BatchJobsList, { path: '/batches', url: '/batches', role: 'institution' });
    await waitFor(() => text().includes('March batch'), 'the batch listed');
    const failedCells = [...page.container.querySelectorAll('td')].filter((cell) => cell.title === 'File refused before any row was read');
    // jsdom matches no media query: the table, with the failed count replaced by a dash that says why.
    expect(failedCells.map((cell) => cell.textContent)).toEqual(['—']);
  });
});
