import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSnackbar } from '../../shared/SnackbarProvider';
import { AdminPageHeader } from './common/AdminPageHeader';
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
  const [params, setParams] = useSearchParams();
  const institutionId = institutionIn(params);
  const [creating, setCreating] = useState(false);

  return (
    <>
      <AdminPageHeader
        title={t('pages.adminParameters')}
        subtitle={t('admin.institutionParameters.subtitle')}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            {t('admin.parameters.create')}
          </Button>
        }
      />
      <InstitutionFilter
        key={institutionId ?? 'all'}
        active={institutionId}
        onSearch={(id) => setParams({ institutionId: String(id) })}
        onShowAll={() => setParams({})}
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
