import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import { WriteOnly } from '../../../session/WriteOnly';
import Button from '@mui/material/Button';
import { lazy, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCode, useOpenedOnce } from '../../../shared/DialogCode';
import { useSnackbar } from '../../../shared/SnackbarProvider';
import { EditDeleteTable } from '../common/EditDeleteTable';
import { LoadErrorBanner } from '../common/LoadErrorBanner';
import { variableColumns } from './variableColumns';
import { useVariablesQuery, type Variable } from './variablesApi';

// The dialogs' code (text fields, selects, the formula check, the proportion editor) loads on first use.
const VariableDialog = lazy(() => import('./VariableDialog').then((module) => ({ default: module.VariableDialog })));
const DeleteVariableDialog = lazy(() => import('./DeleteVariableDialog').then((module) => ({ default: module.DeleteVariableDialog })));

type Props = {
  /** Variable Management's full columns, or the formula screen's six (with the normalisation formula). */
  columns: 'management' | 'formula';
  /** Lays out the Add Variable button: in the page's header, or above the table (the default). */
  header?: (add: ReactNode) => ReactNode;
  loadFailedKey?: string;
};

/** The variables with Add Variable, edit and a confirmed delete; results in the 6-second snackbar. */
export function VariablesManager({ columns, header, loadFailedKey = 'admin.variables.loadFailed' }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const { data, isLoading, error } = useVariablesQuery();
  const [editing, setEditing] = useState<Variable | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Variable | null>(null);
  const deleteAsked = useOpenedOnce(deleting !== null);
  const column = variableColumns(t, i18n.language);
  const shown =
    columns === 'management'
      ? [
          column.name,
          column.category,
          column.responseType,
          column.masked,
          column.uniqueCode,
          column.proportion,
          column.minValue,
          column.maxValue,
        ]
      : [column.name, column.categoryName, column.proportion, column.minValue, column.maxValue, column.formula];

  const add = (
    <WriteOnly>
      <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
        {t('admin.variables.add')}
      </Button>
    </WriteOnly>
  );
  return (
    <>
      {header ? header(add) : <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>{add}</Box>}
      <LoadErrorBanner error={error} fallback={t(loadFailedKey)} />
      <EditDeleteTable
        label={t('admin.variables.tableLabel')}
        columns={shown}
        rows={data}
        loading={isLoading}
        empty={t('admin.variables.empty')}
        emptyHint={t('admin.variables.emptyHint')}
        minWidth={columns === 'management' ? 880 : 820}
        keyOf={(row) => row.id}
        editLabel={(row) => t('admin.variables.editNamed', { name: row.name })}
        deleteLabel={(row) => t('admin.variables.deleteNamed', { name: row.name })}
        onEdit={setEditing}
        onDelete={setDeleting}
        compact
      />
      {editing !== null && (
        <DialogCode>
          <VariableDialog
            variable={editing === 'new' ? null : editing}
            variables={data ?? []}
            onClose={(saved) => {
              setEditing(null);
              if (saved) snackbar(saved.text, saved.severity);
            }}
          />
        </DialogCode>
      )}
      {deleteAsked && (
        <DialogCode>
          <DeleteVariableDialog
            variable={deleting}
            variables={data ?? []}
            onCancel={() => setDeleting(null)}
            onDone={(outcome) => {
              setDeleting(null);
              snackbar(outcome.text, outcome.severity);
            }}
          />
        </DialogCode>
      )}
    </>
  );
}
