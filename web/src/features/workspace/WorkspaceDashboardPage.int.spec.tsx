/**
 * @jest-environment ./test/support/jsdomWithFetch.ts
 */
import { http } from 'msw';
import { act } from 'react';
import { i18n } from '../../app/i18n';
import { findButton, waitFor } from '../../test/dom';
import { answer, sent, server, useMockServer } from '../../test/mockServer';
import { renderPage, type RenderedPage } from '../../test/renderPage';
import type { Dashboard, FirstStepName, FirstSteps } from './api';
import { WorkspaceDashboardPage } from './WorkspaceDashboardPage';

useMockServer();

const zero = { value: 0, previous: 0, change: null };
const emptyDashboard: Dashboard = {
  period: '30d',
  from: '2026-10-28T00:00:00.000Z',
  to: '2026-11-27T00:00:00.000Z',
  totalClientsProcessed: zero,
  averageCreditLimit: zero,
  averageInterestRate: zero,
  performanceScore: { ...zero, approvalRate: zero },
  series: { bucket: 'day', points: [] },
  scoreDistribution: { minimumScore: 30, buckets: [] },
  recentActivity: [],
};

const STEPS: FirstStepName[] = ['parametersReviewed', 'templateDownloaded', 'firstBatchScored'];
const stepsDone = (done: number): FirstSteps => ({
  steps: STEPS.map((step, index) => ({ step, done: index < done, doneAt: index < done ? '2026-11-27T09:30:00.000Z' : null })),
  complete: done === STEPS.length,
});

let page: RenderedPage | undefined;
afterEach(() => page?.unmount());

const open = async (done: number, language: 'en' | 'fr' = 'en') => {
  server.use(
    http.get('*/api/institution/dashboard', () => answer(emptyDashboard)),
    http.get('*/api/institution/first-steps', () => answer(stepsDone(done))),
  );
  page = await renderPage(WorkspaceDashboardPage, { path: '/workspace-dashboard', url: '/workspace-dashboard', role: 'institution' });
  if (language === 'fr') await act(async () => void (await i18n.changeLanguage('fr')));
  await waitFor(() => sent.some((request) => request.url.pathname === '/api/institution/first-steps'), 'the first steps request');
};
const checklist = () => page!.container.querySelector<HTMLElement>('section[aria-labelledby="first-steps"]');
/** Each step's text as a screen reader reads the list item. */
const items = () => [...checklist()!.querySelectorAll('ol > li')].map((item) => item.textContent ?? '');

describe('The first-day checklist on the workspace dashboard', () => {
  it('lists the three steps as to do, each linking to where it is done, in place of the empty-period card', async () => {
    await open(0);
    await waitFor(() => checklist(), 'the checklist');
    expect(checklist()!.textContent).toContain('Your first steps');
    expect(checklist()!.textContent).toContain('0 of 3 steps done');
    expect(items()).toHaveLength(3);
    expect(items().every((item) => item.includes('To do') && !item.includes('Done'))).toBe(true);
    expect(findButton(checklist()!, 'Open parameters')?.getAttribute('href')).toBe('/parameters');
    expect(findButton(checklist()!, 'Get the template')?.getAttribute('href')).toBe('/batch-assessment');
    expect(findButton(checklist()!, 'Upload a batch')?.getAttribute('href')).toBe('/batch-assessment');
    expect(page!.container.textContent).not.toContain('No clients scored in this period');
  });

  it('says which steps are done, in words and with their date, and drops their links', async () => {
    await open(2);
    await waitFor(() => checklist(), 'the checklist');
    expect(checklist()!.textContent).toContain('2 of 3 steps done');
    const [parameters, template, batch] = items();
    expect(parameters).toContain('Review your credit parameters');
    expect(parameters).toContain('Done on 27 Nov 2026');
    expect(template).toContain('Done on 27 Nov 2026');
    expect(batch).toContain('To do');
    expect(findButton(checklist()!, 'Open parameters')).toBeNull();
    expect(findButton(checklist()!, 'Get the template')).toBeNull();
    expect(findButton(checklist()!, 'Upload a batch')).not.toBeNull();
  });

  it('speaks French, with the plural agreeing with the steps done', async () => {
    await open(1, 'fr');
    await waitFor(() => checklist()?.textContent?.includes('Vos premiers pas'), 'the French checklist');
    expect(checklist()!.textContent).toContain('1 étape sur 3 terminée');
    const [parameters, template, batch] = items();
    expect(parameters).toContain('Vérifiez vos paramètres de crédit');
    expect(parameters).toContain('Fait le 27 nov. 2026');
    expect(template).toContain('À faire');
    expect(batch).toContain('Évaluez votre premier lot');
    expect(findButton(checklist()!, 'Obtenir le modèle')?.getAttribute('href')).toBe('/batch-assessment');
    expect(findButton(checklist()!, 'Importer un lot')).not.toBeNull();
    await act(async () => void (await i18n.changeLanguage('en')));
  });

  it('is gone once the first batch is scored, leaving the empty-period card', async () => {
    await open(3);
    await waitFor(() => page!.container.textContent?.includes('No clients scored in this period'), 'the empty-period card');
    expect(checklist()).toBeNull();
  });
});
