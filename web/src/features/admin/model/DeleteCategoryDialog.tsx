import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useDeleteCategoryMutation, type Category } from './categoriesApi';

type Props = {
  category: Category | null;
  onCancel: () => void;
  onDone: (outcome: { message: string; failed: boolean }) => void;
};

/** Asks before a category goes; one that still holds variables is refused by the server, which the dialog says first. */
export function DeleteCategoryDialog({ category, onCancel, onDone }: Props) {
  const { t } = useTranslation();
  const [remove, { isLoading }] = useDeleteCategoryMutation();
  const confirm = async () => {
    if (!category) return;
    const result = await remove(category.id);
    if (result.error) onDone({ message: errorMessage(result.error, t('admin.categories.deleteFailed')), failed: true });
    else onDone({ message: t('admin.categories.deleted'), failed: false });
  };
  return (
    <ConfirmDialog
      open={category !== null}
      title={t('admin.categories.deleteTitle')}
      message={t('admin.categories.deleteConfirm')}
      confirmLabel={t('admin.common.delete')}
      busyLabel={t('admin.common.deleting')}
      busy={isLoading}
      onCancel={onCancel}
      onConfirm={() => void confirm()}
    >
      {category && (
        <Typography variant="body2" color={category.variableCount > 0 ? 'error' : 'text.secondary'} sx={{ mt: 1.5 }}>
          {category.variableCount > 0
            ? t('admin.categories.deleteHolds', { name: category.name, count: category.variableCount })
            : t('admin.categories.deleteFree', { name: category.name })}
        </Typography>
      )}
    </ConfirmDialog>
  );
}
