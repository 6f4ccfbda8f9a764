/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { http } from 'msw';
import { act } from 'react';
import { i18n } from '../../app/i18n';
import { waitFor } from '../../test/dom';
import { answer, server, useMockServer } from '../../test/mockServer';
import { renderPage, type RenderedPage } from '../../test/renderPage';
import type { Detailed, Result } from './api';
import { ClientDetailsPage } from './ClientDetailsPage';

useMockServer();

const result: Result = {
  id: 9,
  credit_limit: 1_250_000,
  interest_rate: 12.5,
  createdAt: '2026-11-20T10:00:00.000Z',
  uploadBatchId: 7,
  // The upload's own log position: never what the page names the version by.
  modelVersion: 40,
  sum_normalised_credit_limit_weights: 0.82,
  sum_normalised_interest_rate_weights: 0.4,
  client: { id: 101, name: 'Awa Ndiaye', reference_number: 'REF-1', phoneNumber: null, email: null },
  uploadBatch: { id: 7, name: 'March batch', filename: 'march.csv' },
};

const detailed = (model: Detailed['model']): Detailed => ({ result, model, explanation: null });

let page: RenderedPage | undefined;
afterEach(async () => {
  page?.unmount();
  await act(() => i18n.changeLanguage('en'));
});
const open = async (model: Detailed['model']) => {
  server.use(
    http.get('*/api/result/client/101/detailed', () => answer(detailed(model))),
    http.get('*/api/result/client/101/history', () => answer([result])),
  );
  page = await renderPage(ClientDetailsPage, { path: '/client/:clientId', url: '/client/101', role: 'institution' });
  await waitFor(() => page!.container.textContent?.includes('March batch'), 'the latest result');
};
const text = () => (page!.container.textContent ?? '').replace(/[\s\u00a0\u202f]+/g, ' ');

describe('Client details: the version a result was scored under, named as the compare names it', () => {
  it('names the model change in force with its date, not the upload’s position, in English and French', async () => {
    await open({ version: 32, since: '2026-11-12T09:00:00.000Z' });
    expect(text()).toContain('Model v32 (12 Nov 2026)');
    expect(text()).not.toContain('v40');
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => text().includes('Modèle v32 (12 nov. 2026)'), 'the French label');
  });

  it('names the starter model when nothing has changed since', async () => {
    await open({ version: 0, since: null });
    expect(text()).toContain('Model v0 (starter model)');
  });
});
