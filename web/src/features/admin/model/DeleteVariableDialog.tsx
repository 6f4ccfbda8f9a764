import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { modelFigure } from './modelFigure';
import { categoryTotal, totalsHundred } from './proportions';
import { useDeleteVariableMutation, type Variable } from './variablesApi';
import type { VariableSaved } from './VariableDialog';

type Props = {
  variable: Variable | null;
  variables: Variable[];
  onCancel: () => void;
  onDone: (outcome: VariableSaved) => void;
};

/** What the variable's category totals once it is gone, when that is no longer 100 (null when nothing changes). */
function totalWithout(variable: Variable, variables: readonly Variable[]): number | null {
  const left = variables.filter(
    (other) => other.variableCategoryId === variable.variableCategoryId && other.id !== variable.id && other.isActive,
  );
  const total = categoryTotal(
    '0',
    left.map((other) => String(other.variableProportion)),
  );
  return left.length === 0 || totalsHundred(total) ? null : total;
}

/** Asks before a variable goes, saying what its category will total without it. */
export function DeleteVariableDialog({ variable, variables, onCancel, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const [remove, { isLoading }] = useDeleteVariableMutation();
  const left = variable ? totalWithout(variable, variables) : null;
  const category = variable?.categoryName ?? '';
  const confirm = async () => {
    if (!variable) return;
    const result = await remove(variable.id);
    if (result.error) return onDone({ text: errorMessage(result.error, t('admin.variables.deleteFailed')), severity: 'error' });
    const deleted = t('admin.variables.deleted');
    onDone(
      left === null
        ? { text: deleted, severity: 'success' }
        : {
            text: `${deleted}. ${t('admin.variables.leftTotal', { category, total: modelFigure(left, i18n.language) })}`,
            severity: 'warning',
          },
    );
  };
  return (
    <ConfirmDialog
      open={variable !== null}
      title={t('admin.variables.deleteTitle')}
      message={t('admin.variables.deleteConfirm')}
      confirmLabel={t('admin.common.delete')}
      busyLabel={t('admin.common.deleting')}
      busy={isLoading}
      onCancel={onCancel}
      onConfirm={() => void confirm()}
    >
      {variable && left !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('admin.variables.deleteLeaves', { name: variable.name, category, total: modelFigure(left, i18n.language) })}
        </Typography>
      )}
    </ConfirmDialog>
  );
}
