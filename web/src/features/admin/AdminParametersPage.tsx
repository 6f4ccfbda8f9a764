import Add from '@mui/icons-material/Add';
import { WriteOnly } from '../../session/WriteOnly';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../shared/SnackbarProvider';
import { useUrlFilters } from '../../shared/useUrlFilters';
import { PageHeader } from '../../shared/PageHeader';
import { InstitutionFilter } from './parameters/InstitutionFilter';
import { InstitutionValuesList } from './parameters/InstitutionValuesList';
import { ParameterDialog } from './parameters/ParameterDialog';
import { ParameterTemplatesList } from './parameters/ParameterTemplatesList';

/** The institution filter lives in the URL (?institutionId=), so a filtered view can be shared and survives a refresh. */
function institutionIn(params: URLSearchParams): number | null {
  const value = Number(params.get('institutionId'));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Institution Parameter Management (/admin/parameters): the templates, or one institution's values once filtered. */
export function AdminParametersPage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const url = useUrlFilters();
  const institutionId = institutionIn(url.params);
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title={t('pages.adminParameters')}
        subtitle={t('admin.institutionParameters.subtitle')}
        actions={
          <WriteOnly>
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              {t('admin.parameters.create')}
            </Button>
          </WriteOnly>
        }
      />
      <InstitutionFilter
        key={institutionId ?? 'all'}
        active={institutionId}
        onSearch={(id) => url.set({ institutionId: id }, { push: true })}
        onShowAll={() => url.clear(undefined, { push: true })}
      />
      {institutionId === null ? <ParameterTemplatesList /> : <InstitutionValuesList institutionId={institutionId} />}
      {creating && (
        <ParameterDialog
          template={null}
          onClose={(saved) => {
            setCreating(false);
            if (saved) snackbar(saved);
          }}
        />
      )}
    </>
  );
}
