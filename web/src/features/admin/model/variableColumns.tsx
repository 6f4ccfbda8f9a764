import type { TFunction } from 'i18next';
import type { TableColumn } from '../common/EditDeleteTable';
import { modelFigure, modelPercent } from './modelFigure';
import type { Variable } from './variablesApi';

type Column = TableColumn<Variable>;

/** The variable columns, each picked by name: Variable Management shows most, the formula screen its own six. */
export function variableColumns(t: TFunction, language: string) {
  const figure = (value: number) => modelFigure(value, language);
  return {
    name: {
      header: t('admin.variables.columns.name'),
      width: 150,
      cell: (row) => <span className="strong">{row.name}</span>,
    },
    category: { header: t('admin.variables.columns.category'), nowrap: true, cell: (row) => row.categoryName ?? '—' },
    categoryName: { header: t('admin.variables.columns.categoryName'), nowrap: true, cell: (row) => row.categoryName ?? '—' },
    responseType: {
      header: t('admin.variables.columns.responseType'),
      nowrap: true,
      cell: (row) => t(`admin.variables.responseTypes.${row.responseType}`, { defaultValue: row.responseType }),
    },
    masked: {
      header: t('admin.variables.columns.masked'),
      nowrap: true,
      cell: (row) => (row.mask ? t('admin.common.yes') : t('admin.common.no')),
    },
    uniqueCode: { header: t('admin.variables.columns.uniqueCode'), align: 'right', nowrap: true, cell: (row) => row.uniqueCode },
    proportion: {
      header: t('admin.variables.columns.proportion'),
      align: 'right',
      nowrap: true,
      cell: (row) => modelPercent(row.variableProportion, language),
    },
    minValue: { header: t('admin.variables.columns.minValue'), align: 'right', nowrap: true, cell: (row) => figure(row.min_value) },
    maxValue: { header: t('admin.variables.columns.maxValue'), align: 'right', nowrap: true, cell: (row) => figure(row.max_value) },
    formula: {
      header: t('admin.variables.columns.formula'),
      width: 160,
      cell: (row) =>
        row.normalisationFormula ? (
          <code className="formula">{row.normalisationFormula}</code>
        ) : (
          <span className="muted">{row.responseType === 'int_float' ? t('admin.variables.defaultFormula') : '—'}</span>
        ),
    },
  } satisfies Record<string, Column>;
}
