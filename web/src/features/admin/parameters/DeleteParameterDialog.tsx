import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { templateText } from '../../../api/serverText';
import { errorMessage } from '../../../api/errorMessage';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useDeleteParameterTemplateMutation, type ParameterTemplate } from './parametersApi';

type Props = {
  template: ParameterTemplate | null;
  onCancel: () => void;
  onDone: (outcome: { message: string; failed: boolean }) => void;
};

/** Asks before a template leaves the model (for every institution), then deletes it. */
export function DeleteParameterDialog({ template, onCancel, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const [remove, { isLoading }] = useDeleteParameterTemplateMutation();
  const confirm = async () => {
    if (!template) return;
    const result = await remove(template.id);
    if (result.error) onDone({ message: errorMessage(result.error, t('admin.parameters.deleteFailed')), failed: true });
    else onDone({ message: t('admin.parameters.deleted'), failed: false });
  };
  return (
    <ConfirmDialog
      open={template !== null}
      title={t('admin.parameters.deleteTitle')}
      message={t('admin.parameters.deleteConfirm')}
      confirmLabel={t('admin.common.delete')}
      busyLabel={t('admin.common.deleting')}
      busy={isLoading}
      onCancel={onCancel}
      onConfirm={() => void confirm()}
    >
      {template && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('admin.parameters.deleteConsequence', { name: templateText(template, 'name', i18n), code: template.uniqueCode })}
        </Typography>
      )}
    </ConfirmDialog>
  );
}
