import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { templateText } from '../../../api/serverText';
import { errorMessage } from '../../../api/errorMessage';
import { ErrorBanner } from '../../../shared/ErrorBanner';
import { useSnackbar } from '../../../shared/SnackbarProvider';
import { EditDeleteTable } from '../common/EditDeleteTable';
import { DeleteParameterDialog } from './DeleteParameterDialog';
import { ParameterDialog } from './ParameterDialog';
import { useParameterTemplatesQuery, type ParameterTemplate } from './parametersApi';
import { templateColumns } from './templateColumns';

/** Every parameter template, as /admin/parameters shows them with no institution chosen (Edit Parameter dialog). */
export function ParameterTemplatesList() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const { data, isLoading, error } = useParameterTemplatesQuery();
  const [editing, setEditing] = useState<ParameterTemplate | null>(null);
  const [deleting, setDeleting] = useState<ParameterTemplate | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const columns = templateColumns(t, i18n.language);

  return (
    <>
      <ErrorBanner
        message={banner ?? (error ? errorMessage(error, t('admin.parameters.loadFailed')) : null)}
        onClose={() => setBanner(null)}
      />
      <EditDeleteTable
        label={t('admin.parameters.tableLabel')}
        columns={[columns.uniqueCode, columns.name, columns.description, columns.recommendedRange, columns.status]}
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
          template={editing}
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
          if (failed) setBanner(message);
          else snackbar(message);
        }}
      />
    </>
  );
}
