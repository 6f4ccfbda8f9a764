import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/PageHeader';
import { CategoriesManager } from './model/CategoriesManager';
import { FormulaTabs } from './model/FormulaTabs';
import { VariablesManager } from './model/VariablesManager';
import { ParametersTab } from './parameters/ParametersTab';

/** Parameter Management (/admin/formula): the scoring model's categories, variables and parameters in three tabs. */
export function FormulaPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.formula')} subtitle={t('admin.formula.subtitle')} />
      <FormulaTabs
        panels={{
          categories: <CategoriesManager loadFailedKey="admin.formula.loadFailed" />,
          variables: <VariablesManager columns="formula" loadFailedKey="admin.formula.loadFailed" />,
          parameters: <ParametersTab />,
        }}
      />
    </>
  );
}
