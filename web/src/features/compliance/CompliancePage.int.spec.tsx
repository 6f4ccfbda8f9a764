/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { http, HttpResponse } from 'msw';
import { click, findButton, waitFor } from '../../test/dom';
import { answer, sent, server, useMockServer } from '../../test/mockServer';
import { renderPage, type RenderedPage } from '../../test/renderPage';
import type { LogOverview, Verification } from './complianceApi';
import { CompliancePage } from './CompliancePage';

useMockServer();

const HASH = 'ab'.repeat(32);
const ID = '0f3c8a7e-1b2d-4c5e-8f90-123456789abc';

const running = (checked: number): Verification => ({
  id: ID,
  state: 'running',
  startedAt: '2026-03-01T10:00:00.000Z',
  startedBy: 'Aude Auditor',
  finishedAt: null,
  checked,
  total: 1000,
  outcome: null,
  recordedAt: null,
  error: null,
});

const broken: Verification = {
  ...running(499),
  state: 'done',
  finishedAt: '2026-03-01T10:00:05.000Z',
  outcome: {
    outcome: 'broken',
    headPosition: 1000,
    headHash: HASH,
    brokenAt: 500,
    reason: 'stored hash does not match the recomputed one',
    checked: 499,
    durationMs: 5000,
  },
  recordedAt: 1001,
};

/** The log's head, with a recorded verification once Verify now has ended; the progress answers run, run, then the outcome. */
function complianceServer() {
  let verified = false;
  let polls = 0;
  const overview = (): LogOverview => {
    const last = verified
      ? [
          {
            position: 1001,
            verifiedAt: '2026-03-01T10:00:05.000Z',
            by: { id: '7', role: 'auditor', name: 'Aude Auditor' },
            outcome: 'broken' as const,
            headPosition: 1000,
            headHash: HASH,
            brokenAt: 500,
            reason: 'stored hash does not match the recomputed one',
            checked: 499,
            durationMs: 5000,
          },
        ]
      : [];
    return {
      head: { position: verified ? 1001 : 1000, hash: HASH, eventCount: 1000 },
      lastVerification: last[0] ?? null,
      verifications: last,
    };
  };
  server.use(
    http.get('*/api/admin/compliance/log', () => answer(overview())),
    http.post('*/api/admin/compliance/verify', () =>
      HttpResponse.json({ success: true, message: 'Verification running', data: running(0) }, { status: 202 }),
    ),
    http.get('*/api/admin/compliance/verify/:id', () => {
      polls += 1;
      if (polls < 3) return answer(running(polls * 200));
      verified = true;
      return answer(broken);
    }),
  );
}

let page: RenderedPage | undefined;
afterEach(() => page?.unmount());
const text = () => page!.container.textContent ?? '';

describe('Compliance log page against a mocked server', () => {
  it('shows the head, follows a long verification to its outcome and reads the log again', async () => {
    complianceServer();
    page = await renderPage(CompliancePage, { path: '/admin/compliance', url: '/admin/compliance', role: 'admin', adminRole: 'auditor' });
    await waitFor(() => text().includes('Never verified'), 'the head');
    expect(text()).toContain('1,000');
    expect(text()).toContain(`${HASH.slice(0, 12)}…`);

    await click(findButton(page.container, 'Verify now')!);
    await waitFor(() => /of 1,000 events checked/.test(text()), 'the progress');
    expect(findButton(page.container, 'Verifying…')).not.toBeNull();
    await waitFor(() => text().includes('Broken at position 500'), 'the outcome');
    expect(text()).toContain('the stored hash does not match the recomputed one');
    await waitFor(() => text().includes('by Aude Auditor'), 'the recorded verification');
    expect(sent.filter((request) => request.url.pathname === `/api/admin/compliance/verify/${ID}`).length).toBeGreaterThanOrEqual(3);
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});
