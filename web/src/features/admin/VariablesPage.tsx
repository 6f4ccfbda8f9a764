import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/PageHeader';
import { VariablesManager } from './model/VariablesManager';

/** Variable Management (/admin/variables): the model's variables with add, edit and a confirmed delete. */
export function VariablesPage() {
  const { t } = useTranslation();
  return (
    <VariablesManager
      columns="management"
      header={(add) => <PageHeader title={t('pages.variables')} subtitle={t('admin.variables.subtitle')} actions={add} />}
    />
  );
}
