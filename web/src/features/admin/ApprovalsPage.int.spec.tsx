/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { http } from 'msw';
import { change, click, findButton, findField, waitFor } from '../../test/dom';
import { answer, refusal, sent, server, useMockServer } from '../../test/mockServer';
import { renderPage, type RenderedPage } from '../../test/renderPage';
import { ApprovalsPage } from './ApprovalsPage';
import type { ApprovalFilter, Institution } from './institutions/institutionsApi';

useMockServer();

const institution = (id: number, name: string, status: Institution['status']): Institution => ({
  id,
  name,
  email: `contact@${name.toLowerCase().replace(/\W+/g, '')}.test`,
  is_active: status === 'approved',
  status,
  accountStatus: status,
  logoUrl: null,
  registrationNumber: `REG-${id}`,
  authorizationNumber: `AUTH-${id}`,
  rejectionReason: null,
  deactivationComment: null,
  createdAt: '2026-02-0' + id + 'T09:00:00.000Z',
  updatedAt: '2026-02-0' + id + 'T09:00:00.000Z',
  approvedAt: null,
});

/** A small approvals back end: the list filtered as the server filters it, approve and reject changing it. */
function approvalsServer(start: Institution[]) {
  const institutions = start.map((item) => ({ ...item }));
  const counts = () => ({
    all: institutions.length,
    pending: institutions.filter((item) => item.status === 'pending').length,
    approved: institutions.filter((item) => item.status === 'approved').length,
    rejected: institutions.filter((item) => item.status === 'rejected').length,
  });
  server.use(
    http.get('*/api/admin/institutions', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const status = query.get('status') as ApprovalFilter;
      const search = (query.get('search') ?? '').toLowerCase();
      const shown = institutions.filter(
        (item) => (status === 'all' || item.status === status) && (search === '' || item.name.toLowerCase().includes(search)),
      );
      return answer({ institutions: shown, counts: counts() });
    }),
    http.post('*/api/admin/institutions/:id/approve', ({ params }) => {
      const found = institutions.find((item) => item.id === Number(params.id))!;
      found.status = 'approved';
      return answer({}, 'Institution approved');
    }),
    http.post('*/api/admin/institutions/:id/reject', async ({ params, request }) => {
      const found = institutions.find((item) => item.id === Number(params.id))!;
      found.status = 'rejected';
      found.rejectionReason = ((await request.json()) as { reason: string }).reason;
      return answer({}, 'Institution rejected');
    }),
  );
}

const START = [
  institution(1, 'Banque Atlantique', 'pending'),
  institution(2, 'Caisse Mutuelle', 'pending'),
  institution(3, 'Crédit du Sahel', 'approved'),
  institution(4, 'Fonds Rural', 'rejected'),
];

let page: RenderedPage | undefined;
afterEach(() => page?.unmount());
const open = async (url = '/admin/institution') =>
  (page = await renderPage(ApprovalsPage, { path: '/admin/institution', url, role: 'admin' }));
const body = () => document.body;
const names = () =>
  [...page!.container.querySelectorAll('tbody tr.institution')].map((row) => row.querySelectorAll('td')[1]?.textContent ?? '');
const listRequests = () => sent.filter((request) => request.method === 'GET' && request.url.pathname === '/api/admin/institutions');
const lastList = () => Object.fromEntries(listRequests().at(-1)!.url.searchParams);
const filterButton = (label: string) =>
  [...page!.container.querySelectorAll<HTMLButtonElement>('[aria-label="Show institutions"] button')].find((button) =>
    button.textContent?.startsWith(label),
  )!;

/** Opens an institution's review and walks it to its last step. */
async function reviewToTheEnd(name: string) {
  await click(findButton(page!.container, `Review ${name}`)!);
  await waitFor(() => findButton(page!.container, 'Approve & Continue'), 'the review panel');
  while (findButton(page!.container, 'Approve & Continue')) await click(findButton(page!.container, 'Approve & Continue')!);
}

describe('Institution Approvals page against a mocked server', () => {
  it('shows the pending institutions by default, with each filter’s count', async () => {
    approvalsServer(START);
    await open();
    await waitFor(() => names().length === 2, 'the two pending');
    expect(lastList()).toEqual({ status: 'pending' });
    expect(names()[0]).toContain('Banque Atlantique');
    expect(names()[0]).toContain('REG-1');
    expect(filterButton('All').textContent).toContain('4');
    expect(filterButton('Pending').textContent).toContain('2');
    expect(filterButton('Approved').textContent).toContain('1');
  });

  it('puts the chosen filter and the typed search in the URL and the request', async () => {
    approvalsServer(START);
    await open();
    await waitFor(() => names().length === 2, 'the list');
    await click(filterButton('All'));
    expect(page!.search().get('status')).toBe('all');
    await waitFor(() => names().length === 4, 'all four');
    await change(findField(page!.container, 'Search institutions')!, ' sahel ');
    await waitFor(() => page!.search().get('search') === 'sahel', 'the trimmed search in the URL');
    await waitFor(() => names().length === 1, 'one match');
    expect(lastList()).toEqual({ status: 'all', search: 'sahel' });
  });

  it('opens on the view the URL names, and a refresh keeps it', async () => {
    approvalsServer(START);
    await open('/admin/institution?status=rejected&search=fonds');
    await waitFor(() => names().length === 1, 'the rejected match');
    expect(lastList()).toEqual({ status: 'rejected', search: 'fonds' });
    expect(findField(page!.container, 'Search institutions')!.value).toBe('fonds');
  });

  it('says so when nothing is pending, and when a search finds nothing', async () => {
    approvalsServer([institution(3, 'Crédit du Sahel', 'approved')]);
    await open();
    await waitFor(() => body().textContent?.includes('There are no pending institutions to review'), 'the empty state');
    await change(findField(page!.container, 'Search institutions')!, 'zzz');
    await waitFor(() => body().textContent?.includes('No institutions found matching your search criteria'), 'the no-match state');
    expect(body().textContent).toContain('search by registration number');
  });

  it('approves after the four review steps: the call is made, the success shows and the list refreshes', async () => {
    approvalsServer(START);
    await open();
    await waitFor(() => names().length === 2, 'the list');
    await reviewToTheEnd('Banque Atlantique');
    await click(findButton(page!.container, 'Approve Application')!);
    await waitFor(() => body().textContent?.includes('Institution approved successfully'), 'the success message');
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual([
      '/api/admin/institutions/1/approve',
    ]);
    await waitFor(() => names().length === 1, 'the approved one gone from pending');
    expect(filterButton('Approved').textContent).toContain('2');
  });

  it('rejects with the reason typed in the dialog', async () => {
    approvalsServer(START);
    await open();
    await waitFor(() => names().length === 2, 'the list');
    await click(findButton(page!.container, 'Review Caisse Mutuelle')!);
    await waitFor(() => findButton(page!.container, 'Reject'), 'the review panel');
    await click(findButton(page!.container, 'Reject')!);
    const confirm = await waitFor(() => findButton(body(), 'Confirm Rejection'), 'the reject dialog');
    expect(confirm).toHaveProperty('disabled', true);
    await change(document.getElementById('reject-reason') as HTMLTextAreaElement, '  Licence expired  ');
    await click(findButton(body(), 'Confirm Rejection')!);
    await waitFor(() => body().textContent?.includes('Institution rejected successfully'), 'the success message');
    const post = sent.find((request) => request.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/admin/institutions/2/reject');
    await waitFor(() => names().length === 1, 'the rejected one gone from pending');
    expect(post.body).toEqual({ reason: 'Licence expired' });
  });

  it('lets an auditor step through a pending review with Next, offering no Approve or Reject', async () => {
    approvalsServer(START);
    page = await renderPage(ApprovalsPage, { path: '/admin/institution', url: '/admin/institution', role: 'admin', adminRole: 'auditor' });
    await waitFor(() => names().length === 2, 'the pending list');
    await click(findButton(page.container, 'Review Banque Atlantique')!);
    for (const step of [1, 2, 3]) {
      await waitFor(() => page!.container.textContent?.includes(`Step ${step} of 4`), `step ${step}`);
      await click(findButton(page.container, 'Next')!);
    }
    await waitFor(() => page!.container.textContent?.includes('Step 4 of 4'), 'the last step');
    for (const write of ['Approve & Continue', 'Approve Application', 'Reject']) expect(findButton(page.container, write)).toBeNull();
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it("shows the server's refusal of an approval in the error banner", async () => {
    approvalsServer(START);
    server.use(http.post('*/api/admin/institutions/:id/approve', () => refusal(409, 'Institution is already approved')));
    await open();
    await waitFor(() => names().length === 2, 'the list');
    await reviewToTheEnd('Banque Atlantique');
    await click(findButton(page!.container, 'Approve Application')!);
    await waitFor(
      () => page!.container.querySelector('[role="alert"]')?.textContent?.includes('Institution is already approved'),
      'the banner',
    );
    expect(names().length).toBe(2);
    // The review stays open for another try.
    expect(findButton(page!.container, 'Approve Application')).not.toBeNull();
  });

  it('shows a failed load in the error banner', async () => {
    server.use(http.get('*/api/admin/institutions', () => refusal(500, 'Database unavailable')));
    await open();
    await waitFor(() => page!.container.querySelector('[role="alert"]')?.textContent?.includes('Database unavailable'), 'the banner');
  });
});
