import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import { WriteOnly } from '../../../session/WriteOnly';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { templateText } from '../../../api/serverText';
import { useSnackbar } from '../../../shared/SnackbarProvider';
import { EditDeleteTable } from '../common/EditDeleteTable';
import { LoadErrorBanner } from '../common/LoadErrorBanner';
import { DeleteParameterDialog } from './DeleteParameterDialog';
import { ParameterDialog } from './ParameterDialog';
import { useParameterTemplatesQuery, type ParameterTemplate } from './parametersApi';
import { templateColumns } from './templateColumns';

/** The Parameters tab of Parameter Management (/admin/formula): the templates, Add Parameter, edit and a confirmed delete. */
export function ParametersTab() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const { data, isLoading, error } = useParameterTemplatesQuery();
  const [editing, setEditing] = useState<ParameterTemplate | null | 'new'>(null);
  const [deleting, setDeleting] = useState<ParameterTemplate | null>(null);
  const columns = templateColumns(t, i18n.language);

  return (
    <>
      <WriteOnly>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
            {t('admin.parameters.add')}
          </Button>
        </Box>
      </WriteOnly>
      <LoadErrorBanner error={error} fallback={t('admin.parameters.loadFailed')} />
      <EditDeleteTable
        label={t('admin.parameters.tableLabel')}
        columns={[columns.name, columns.description, columns.recommendedRange, columns.impact, columns.formula, columns.institutionValue]}
        rows={data}
        loading={isLoading}
        empty={t('admin.parameters.empty')}
        emptyHint={t('admin.parameters.emptyHint')}
        keyOf={(row) => row.id}
        minWidth={760}
        editLabel={(row) => t('admin.parameters.editNamed', { name: templateText(row, 'name', i18n) })}
        deleteLabel={(row) => t('admin.parameters.deleteNamed', { name: templateText(row, 'name', i18n) })}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      {editing !== null && (
        <ParameterDialog
          template={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) snackbar(saved);
          }}
        />
      )}
      <DeleteParameterDialog
        template={deleting}
        onCancel={() => setDeleting(null)}
        onDone={({ message, failed }) => {
          setDeleting(null);
          snackbar(message, failed ? 'error' : 'success');
        }}
      />
    </>
  );
}
