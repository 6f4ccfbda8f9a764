import { formatNumber } from '../../../shared/formatting';
import Typography from '@mui/material/Typography';
import i18next, { type TFunction } from 'i18next';
import { templateText } from '../../../api/serverText';
import type { TableColumn } from '../common/EditDeleteTable';
import { StatusChip } from '../../../shared/StatusChip';
import type { ParameterTemplate } from './parametersApi';

type Column = TableColumn<ParameterTemplate>;

/** A figure with the decimals it has (at most 4), written the way the language writes numbers. */
export const parameterNumber = (value: number, language: string) =>
  formatNumber(value, language, Number.isInteger(value) ? 0 : Math.min(4, String(value).split('.')[1]?.length ?? 2));

/** The columns both template lists use, each picked by name. */
export function templateColumns(t: TFunction, language: string) {
  const impact = (value: string) => t(`parameters.impact.${value}`, { defaultValue: value });
  return {
    uniqueCode: { header: t('admin.parameters.columns.uniqueCode'), cell: (row) => row.uniqueCode, nowrap: true },
    name: {
      header: t('admin.parameters.columns.name'),
      width: 160,
      cell: (row) => <Typography sx={{ fontWeight: 600, fontSize: 'inherit' }}>{templateText(row, 'name', i18next)}</Typography>,
    },
    description: {
      header: t('admin.parameters.columns.description'),
      width: 220,
      cell: (row) => templateText(row, 'description', i18next),
    },
    recommendedRange: {
      header: t('admin.parameters.columns.recommendedRange'),
      width: 120,
      cell: (row) => templateText(row, 'recommendedRange', i18next),
    },
    impact: { header: t('admin.parameters.columns.impact'), cell: (row) => impact(row.impact), nowrap: true },
    formula: {
      header: t('admin.parameters.columns.formula'),
      width: 140,
      cell: (row) =>
        row.normalizationFormula ? (
          <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
            {row.normalizationFormula}
          </Typography>
        ) : (
          '—'
        ),
    },
    institutionValue: {
      header: t('admin.parameters.columns.institutionValue'),
      align: 'right',
      nowrap: true,
      cell: (row) => (row.isInstitutionSpecific ? parameterNumber(row.defaultValue, language) : t('admin.common.notAvailable')),
    },
    status: {
      header: t('admin.parameters.columns.status'),
      nowrap: true,
      cell: (row) => (
        <StatusChip label={row.isActive ? t('admin.common.active') : t('admin.common.inactive')} tone={row.isActive ? 'good' : 'neutral'} />
      ),
    },
  } satisfies Record<string, Column>;
}
