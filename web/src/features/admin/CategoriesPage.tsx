import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/PageHeader';
import { CategoriesManager } from './model/CategoriesManager';

/** Category Management (/admin/categories): the variable categories with add, edit and a confirmed delete. */
export function CategoriesPage() {
  const { t } = useTranslation();
  return (
    <CategoriesManager
      header={(add) => <PageHeader title={t('pages.categories')} subtitle={t('admin.categories.subtitle')} actions={add} />}
    />
  );
}
