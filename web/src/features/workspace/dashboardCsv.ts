import type { TFunction } from 'i18next';
import { csvText } from '../../shared/csvText';
import type { Dashboard } from './api';

/** Export Report: the figures, series and score distribution on screen, as CSV text. */
export function dashboardCsv(dashboard: Dashboard, t: TFunction): string {
  const figure = (label: string, value: { value: number; previous: number; change: number | null }) => [
    label,
    value.value,
    value.previous,
    value.change ?? '',
  ];
  return csvText([
    [t('workspace.reportTitle'), dashboard.from.slice(0, 10), dashboard.to.slice(0, 10)],
    [],
    [t('workspace.figure'), t('workspace.thisPeriod'), t('workspace.previousPeriod'), t('workspace.changePercent')],
    figure(t('workspace.totalClients'), dashboard.totalClientsProcessed),
    figure(t('workspace.averageCreditLimit'), dashboard.averageCreditLimit),
    figure(t('workspace.averageInterestRate'), dashboard.averageInterestRate),
    figure(t('workspace.performanceScore'), dashboard.performanceScore),
    figure(t('workspace.approvalRate'), dashboard.performanceScore.approvalRate),
    [],
    [t('workspace.periodStart'), t('workspace.clientsScored'), t('workspace.creditGranted')],
    ...dashboard.series.points.map((point) => [point.start, point.clients, point.creditGranted]),
    [],
    [t('workspace.scoreFrom'), t('workspace.scoreTo'), t('workspace.clientsScored')],
    ...dashboard.scoreDistribution.buckets.map((bucket) => [bucket.from, bucket.to, bucket.clients]),
    [t('workspace.minimumScore'), dashboard.scoreDistribution.minimumScore],
  ]);
}
