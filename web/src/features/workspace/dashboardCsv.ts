import type { TFunction } from 'i18next';
import { csvText } from '../../shared/csvText';
import type { Dashboard } from './api';

/** A figure as the screen rounds it: amounts in whole XAF, rates and percentages to their shown decimals. */
const rounded = (value: number, digits: number) => Number(value.toFixed(digits));

/** Export Report: the figures, series and score distribution on screen, as CSV text, rounded as shown. */
export function dashboardCsv(dashboard: Dashboard, t: TFunction): string {
  const figure = (label: string, value: { value: number; previous: number; change: number | null }, digits: number) => [
    label,
    rounded(value.value, digits),
    rounded(value.previous, digits),
    value.change === null ? '' : rounded(value.change, 1),
  ];
  return csvText([
    [t('workspace.reportTitle'), dashboard.from.slice(0, 10), dashboard.to.slice(0, 10)],
    [],
    [t('workspace.figure'), t('workspace.thisPeriod'), t('workspace.previousPeriod'), t('workspace.changePercent')],
    figure(t('workspace.totalClients'), dashboard.totalClientsProcessed, 0),
    figure(t('workspace.averageCreditLimit'), dashboard.averageCreditLimit, 0),
    figure(t('workspace.averageInterestRate'), dashboard.averageInterestRate, 2),
    figure(t('workspace.performanceScore'), dashboard.performanceScore, 1),
    figure(t('workspace.approvalRate'), dashboard.performanceScore.approvalRate, 1),
    [],
    [t('workspace.periodStart'), t('workspace.clientsScored'), t('workspace.creditGranted')],
    ...dashboard.series.points.map((point) => [point.start, point.clients, Math.round(point.creditGranted)]),
    [],
    [t('workspace.scoreFrom'), t('workspace.scoreTo'), t('workspace.clientsScored')],
    ...dashboard.scoreDistribution.buckets.map((bucket) => [bucket.from, bucket.to, bucket.clients]),
    [t('workspace.minimumScore'), dashboard.scoreDistribution.minimumScore],
  ]);
}
