/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { http } from 'msw';
import { click, findButton, waitFor } from '../../test/dom';
import { answer, sent, server, useMockServer } from '../../test/mockServer';
import { renderPage, type RenderedPage } from '../../test/renderPage';
import type { ParameterValue } from '../../shared/types';
import { CreditParametersPage } from './CreditParametersPage';

useMockServer();

const parameter = (parameterId: number, name: string, value: number): ParameterValue => ({
  parameterId,
  value,
  savedValue: null,
  defaultValue: value,
  isDefault: true,
  updatedAt: null,
  userName: null,
  uniqueCode: 1000 + parameterId,
  name,
  description: `${name}, as the template describes it`,
  recommendedRange: '',
  impact: 'medium',
});

const DEFAULTS = [parameter(1, 'Minimum Credit Limit', 50_000), parameter(2, 'Maximum Credit Limit', 5_000_000)];

let page: RenderedPage | undefined;
afterEach(() => page?.unmount());

describe('The credit parameters page', () => {
  it('should send an unchanged form on Save Configuration, so the server records the review of the defaults', async () => {
    server.use(
      http.get('*/api/institution/getParameters', () => answer(DEFAULTS)),
      http.get('*/api/institution/parameterHistory', () => answer([])),
      http.post('*/api/institution/setParameters', () => answer({ warnings: [] }, 'Parameters saved successfully')),
    );
    page = await renderPage(CreditParametersPage, {
      path: '/parameters',
      url: '/parameters',
      role: 'institution',
      otherRoutes: [{ path: '/workspace-dashboard', Component: () => <p>Dashboard</p> }],
    });
    // Enabled once the parameters have loaded: a click on the disabled button would do nothing.
    const edit = () => findButton(document.body, 'Edit Parameters') as HTMLButtonElement | null;
    await click(await waitFor(() => !edit()?.disabled && edit(), 'the Edit Parameters button, enabled'));
    await click(await waitFor(() => findButton(document.body, 'Save Configuration'), 'the Save Configuration button'));

    await waitFor(() => page!.router.state.location.pathname === '/workspace-dashboard', 'the dashboard after the save');
    const saves = sent.filter((request) => request.method === 'POST' && request.url.pathname === '/api/institution/setParameters');
    expect(saves).toHaveLength(1);
    expect(saves[0].body).toEqual({
      parameters: [
        { parameterId: 1, value: 50_000 },
        { parameterId: 2, value: 5_000_000 },
      ],
    });
  });
});
