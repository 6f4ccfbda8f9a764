import type { TFunction } from 'i18next';
import type { Dashboard } from './api';
import { dashboardCsv } from './dashboardCsv';

const t = ((key: string) => key) as unknown as TFunction;
const figure = (value: number, previous: number, change: number | null) => ({ value, previous, change });

const dashboard = {
  period: '30d',
  from: '2026-10-28T00:00:00.000Z',
  to: '2026-11-27T00:00:00.000Z',
  totalClientsProcessed: figure(79, 0, null),
  averageCreditLimit: figure(2639441.7432, 1000180.74, 163.8954),
  averageInterestRate: figure(15.57834, 14.1, 10.4899),
  performanceScore: { ...figure(52.6834, 50, 5.3668), approvalRate: figure(98.7341, 97, 1.78) },
  series: { bucket: 'day', points: [{ start: '2026-11-27', clients: 79, creditGranted: 208515929.4 }] },
  scoreDistribution: { minimumScore: 0.3, buckets: [] },
  recentActivity: [],
} as unknown as Dashboard;

describe('The dashboard report', () => {
  it('should write its figures rounded as the screen shows them: whole XAF, rates to two decimals, percentages to one', () => {
    const lines = dashboardCsv(dashboard, t).split(/\r?\n/);
    expect(lines).toContain('workspace.averageCreditLimit,2639442,1000181,163.9');
    expect(lines).toContain('workspace.averageInterestRate,15.58,14.1,10.5');
    expect(lines).toContain('workspace.performanceScore,52.7,50,5.4');
    expect(lines).toContain('2026-11-27,79,208515929');
  });
});
