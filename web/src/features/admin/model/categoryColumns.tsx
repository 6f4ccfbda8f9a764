import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { TableColumn } from '../common/EditDeleteTable';
import type { Category } from './categoriesApi';
import { modelFigure } from './modelFigure';

/** The category columns both lists show (Category Management and the formula screen's Categories tab). */
export function categoryColumns(t: TFunction, language: string): TableColumn<Category>[] {
  return [
    {
      header: t('admin.categories.columns.name'),
      width: 140,
      cell: (row) => <Typography sx={{ fontWeight: 600, fontSize: 'inherit' }}>{row.name}</Typography>,
    },
    { header: t('admin.categories.columns.description'), width: 240, cell: (row) => row.description },
    {
      header: t('admin.categories.columns.creditLimitWeight'),
      align: 'right',
      nowrap: true,
      cell: (row) => modelFigure(row.creditLimitWeight, language),
    },
    {
      header: t('admin.categories.columns.interestRateWeight'),
      align: 'right',
      nowrap: true,
      cell: (row) => modelFigure(row.interestRateWeight, language),
    },
  ];
}
