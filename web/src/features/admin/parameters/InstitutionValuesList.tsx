import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import { WriteOnly } from '../../../session/WriteOnly';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/errorMessage';
import { templateText } from '../../../api/serverText';
import { ErrorBanner } from '../../../shared/ErrorBanner';
import { useSnackbar } from '../../../shared/SnackbarProvider';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { EditDeleteTable, type TableColumn } from '../common/EditDeleteTable';
import { StatusChip } from '../../../shared/StatusChip';
import { InstitutionValueDialog } from './InstitutionValueDialog';
import {
  useInstitutionSummaryQuery,
  useRemoveInstitutionValueMutation,
  useValuesOfInstitutionQuery,
  type InstitutionParameterValue,
} from './parametersApi';
import { parameterNumber } from './templateColumns';

type Props = { institutionId: number };

/** One institution's values of every template, as /admin/parameters shows them once filtered (Edit Institution Parameter). */
export function InstitutionValuesList({ institutionId }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  // currentData, not data: another institution's name and values must not stay on screen while this one loads or fails.
  const { currentData: data, isFetching: isLoading, error } = useValuesOfInstitutionQuery(institutionId);
  const { currentData: institution, error: institutionError } = useInstitutionSummaryQuery(institutionId);
  // An unknown id: only the refusal, no name, no editor link, no table.
  const unknown = institutionError !== undefined;
  const [remove, { isLoading: removing }] = useRemoveInstitutionValueMutation();
  const [editing, setEditing] = useState<InstitutionParameterValue | null>(null);
  const [deleting, setDeleting] = useState<InstitutionParameterValue | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const name = institution?.name ?? t('admin.institutionParameters.institutionNumber', { id: institutionId });

  const onRemove = async () => {
    if (deleting?.id == null) return;
    const result = await remove(deleting.id);
    setDeleting(null);
    if (result.error) return setBanner(errorMessage(result.error, t('admin.parameters.deleteFailed')));
    snackbar(t('admin.institutionParameters.removed'));
  };

  const columns: TableColumn<InstitutionParameterValue>[] = [
    { header: t('admin.parameters.columns.uniqueCode'), cell: (row) => row.uniqueCode, nowrap: true },
    { header: t('admin.parameters.columns.name'), width: 160, cell: (row) => <strong>{templateText(row, 'name', i18n)}</strong> },
    { header: t('admin.parameters.columns.description'), width: 220, cell: (row) => templateText(row, 'description', i18n) },
    { header: t('admin.parameters.columns.recommendedRange'), width: 120, cell: (row) => templateText(row, 'recommendedRange', i18n) },
    {
      header: t('admin.parameters.columns.institutionValue'),
      align: 'right',
      nowrap: true,
      cell: (row) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
          {row.isDefault && <Chip size="small" variant="outlined" label={t('admin.institutionParameters.default')} />}
          <span>{parameterNumber(row.value, i18n.language)}</span>
        </Stack>
      ),
    },
    {
      header: t('admin.parameters.columns.status'),
      nowrap: true,
      cell: (row) => (
        <StatusChip
          label={row.parameter.isActive ? t('admin.common.active') : t('admin.common.inactive')}
          tone={row.parameter.isActive ? 'good' : 'neutral'}
        />
      ),
    },
  ];

  if (unknown)
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {errorMessage(institutionError, t('admin.institutionParameters.loadFailed'))}
      </Alert>
    );

  return (
    <>
      <Alert severity="info" variant="outlined" sx={{ mb: 2, bgcolor: '#eef5fb', '& .MuiAlert-message': { overflow: 'visible' } }}>
        {t('admin.institutionParameters.showing', { name, id: institutionId })}
        <WriteOnly>
          <Button
            component={Link}
            to={`/institution/${institutionId}/parameters`}
            variant="outlined"
            size="small"
            startIcon={<Edit />}
            sx={{ display: 'flex', width: 'fit-content', mt: 1, bgcolor: 'background.paper' }}
          >
            {t('admin.institutionParameters.openEditor')}
          </Button>
        </WriteOnly>
      </Alert>
      <ErrorBanner
        message={banner ?? (error ? errorMessage(error, t('admin.institutionParameters.loadFailed')) : null)}
        onClose={() => setBanner(null)}
      />
      <EditDeleteTable
        label={t('admin.institutionParameters.tableLabel', { name })}
        columns={columns}
        rows={error ? [] : data}
        loading={isLoading}
        empty={t('admin.institutionParameters.empty')}
        keyOf={(row) => row.parameterId}
        minWidth={760}
        editLabel={(row) => t('admin.parameters.editNamed', { name: templateText(row, 'name', i18n) })}
        deleteLabel={(row) => t('admin.parameters.deleteNamed', { name: templateText(row, 'name', i18n) })}
        onEdit={setEditing}
        onDelete={setDeleting}
        deleteBlockedBy={(row) => (row.isDefault ? t('admin.institutionParameters.nothingToDelete') : null)}
      />
      {editing && (
        <InstitutionValueDialog
          value={editing}
          institutionName={name}
          onClose={(saved) => {
            setEditing(null);
            if (saved) snackbar(saved);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('admin.institutionParameters.removeTitle')}
        message={t('admin.parameters.deleteConfirm')}
        confirmLabel={t('admin.common.delete')}
        busyLabel={t('admin.common.deleting')}
        busy={removing}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onRemove()}
      >
        {deleting && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {t('admin.institutionParameters.removeConsequence', {
              institution: name,
              name: deleting.name,
              value: parameterNumber(deleting.defaultValue, i18n.language),
            })}
          </Typography>
        )}
      </ConfirmDialog>
    </>
  );
}
