import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from './common/AdminPageHeader';
import { CategoriesManager } from './model/CategoriesManager';

/** Category Management (/admin/categories): the variable categories with add, edit and a confirmed delete. */
export function CategoriesPage() {
  const { t } = useTranslation();
  return (
    <CategoriesManager
      header={(add) => <AdminPageHeader title={t('pages.categories')} subtitle={t('admin.categories.subtitle')} actions={add} />}
    />
  );
}
