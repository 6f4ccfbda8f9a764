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
import { useCategoriesQuery, type Category } from './categoriesApi';
import { categoryColumns } from './categoryColumns';

// The dialogs' code loads on first use.
const CategoryDialog = lazy(() => import('./CategoryDialog').then((module) => ({ default: module.CategoryDialog })));
const DeleteCategoryDialog = lazy(() => import('./DeleteCategoryDialog').then((module) => ({ default: module.DeleteCategoryDialog })));

type Props = {
  /** Lays out the Add Category button: in the page's header, or above the table (the default). */
  header?: (add: ReactNode) => ReactNode;
  loadFailedKey?: string;
};

/** The variable categories with Add Category, edit and a confirmed delete; results in the 6-second snackbar. */
export function CategoriesManager({ header, loadFailedKey = 'admin.categories.loadFailed' }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const { data, isLoading, error } = useCategoriesQuery();
  const [editing, setEditing] = useState<Category | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const deleteAsked = useOpenedOnce(deleting !== null);

  const add = (
    <WriteOnly>
      <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
        {t('admin.categories.add')}
      </Button>
    </WriteOnly>
  );
  return (
    <>
      {header ? header(add) : <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>{add}</Box>}
      <LoadErrorBanner error={error} fallback={t(loadFailedKey)} />
      <EditDeleteTable
        label={t('admin.categories.tableLabel')}
        columns={categoryColumns(t, i18n.language)}
        rows={data}
        loading={isLoading}
        empty={t('admin.categories.empty')}
        emptyHint={t('admin.categories.emptyHint')}
        minWidth={720}
        keyOf={(row) => row.id}
        editLabel={(row) => t('admin.categories.editNamed', { name: row.name })}
        deleteLabel={(row) => t('admin.categories.deleteNamed', { name: row.name })}
        onEdit={setEditing}
        onDelete={setDeleting}
        compact
      />
      {editing !== null && (
        <DialogCode>
          <CategoryDialog
            category={editing === 'new' ? null : editing}
            onClose={(saved) => {
              setEditing(null);
              if (saved) snackbar(saved);
            }}
          />
        </DialogCode>
      )}
      {deleteAsked && (
        <DialogCode>
          <DeleteCategoryDialog
            category={deleting}
            onCancel={() => setDeleting(null)}
            onDone={({ message, failed }) => {
              setDeleting(null);
              snackbar(message, failed ? 'error' : 'success');
            }}
          />
        </DialogCode>
      )}
    </>
  );
}
