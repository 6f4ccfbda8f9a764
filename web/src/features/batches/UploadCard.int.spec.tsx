/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { http, HttpResponse } from 'msw';
import { act } from 'react';
import { click, findButton, waitFor } from '../../test/dom';
import { sent, server, useMockServer } from '../../test/mockServer';
import { renderPage, type RenderedPage } from '../../test/renderPage';
import { UploadCard } from './UploadCard';

useMockServer();

let page: RenderedPage | undefined;
afterEach(() => page?.unmount());

const choose = async (name: string, content: string) => {
  const input = page!.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  const file = new File([content], name, { type: 'text/csv' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await Promise.resolve();
  });
};

describe('The upload card checks a CSV header before sending', () => {
  beforeEach(async () => {
    server.use(
      http.get('*/api/csv/template', () =>
        HttpResponse.text('name,reference_number,phoneNumber,email,monthly_income,has_collateral\r\n', {
          headers: { 'Content-Type': 'text/csv' },
        }),
      ),
    );
    page = await renderPage(() => <UploadCard onUploaded={() => undefined} />, { path: '/batches', url: '/batches', role: 'institution' });
  });

  it('names the missing and unknown columns', async () => {
    await choose('march.csv', 'Name,reference_number,monthly_incme,has_collateral\nAmina,R1,5000,yes\n');
    const shown = await waitFor(() => page!.container.querySelector('[data-testid="column-check"]')?.textContent, 'the column check');
    expect(shown).toContain("This file lacks the template's columns phoneNumber, email, monthly_income.");
    expect(shown).toContain('The model does not know the column monthly_incme.');
  });

  it('says nothing when the header matches the template', async () => {
    await choose('march.csv', 'name,reference_number,phonenumber,email,monthly_income,has_collateral\n');
    await waitFor(() => page!.container.querySelector('[data-testid="chosen-file"]'), 'the chosen file');
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(page!.container.querySelector('[data-testid="column-check"]')).toBeNull();
  });

  it('offers the sample beside the template and asks the server for it', async () => {
    server.use(http.get('*/api/csv/sample', () => HttpResponse.text('name,reference_number\r\nAmina Ndiaye,CR-1\r\n')));
    const button = await waitFor(() => findButton(page!.container, 'Download Sample'), 'the sample button');
    await click(button);
    await waitFor(() => sent.some((request) => request.url.pathname === '/api/csv/sample'), 'the sample request');
  });

  it('offers the column notes and asks the server for them', async () => {
    server.use(http.get('*/api/csv/template/notes', () => HttpResponse.text('column,required\r\nreference_number,required\r\n')));
    const button = await waitFor(() => findButton(page!.container, 'Column Notes'), 'the notes button');
    await click(button);
    await waitFor(() => sent.some((request) => request.url.pathname === '/api/csv/template/notes'), 'the notes request');
  });
});
