/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { act } from 'react';
import { http } from 'msw';
import { useParams } from 'react-router';
import { waitFor } from '../../../test/dom';
import { answer, refusal, server, useMockServer } from '../../../test/mockServer';
import { renderPage, type RenderedPage } from '../../../test/renderPage';
import { InstitutionValuesList } from './InstitutionValuesList';

useMockServer();

function Shown() {
  const { id } = useParams();
  return <InstitutionValuesList institutionId={Number(id)} />;
}

let page: RenderedPage | undefined;
afterEach(() => page?.unmount());
const text = () => page!.container.textContent ?? '';

describe("An institution's parameter values", () => {
  it("after a known institution, an unknown id shows only 'Institution not found': not the previous name nor Edit all values", async () => {
    server.use(
      http.get('*/api/institution/7', () => answer({ id: 7, name: 'Banque Atlantique', email: 'ops@atlantique.cm' })),
      http.get('*/api/institution/getParameters/7', () => answer([])),
      http.get('*/api/institution/999', () => refusal(404, 'Institution not found')),
      http.get('*/api/institution/getParameters/999', () => refusal(404, 'Institution not found')),
    );
    page = await renderPage(Shown, { path: '/p/:id', url: '/p/7', role: 'admin' });
    await waitFor(() => text().includes('Banque Atlantique'), 'the known institution');
    expect(text()).toContain('Edit all values');

    await act(() => page!.router.navigate('/p/999'));
    await waitFor(() => text().includes('Institution not found'), 'the refusal');
    expect(text()).not.toContain('Banque Atlantique');
    expect(text()).not.toContain('Edit all values');
  });
});
