import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

type Props = { message: string | null; onClose: () => void };

/** The dismissible red banner titled Error. */
export function ErrorBanner({ message, onClose }: Props) {
  const { t } = useTranslation();
  if (message === null) return null;
  return (
    <Alert
      severity="error"
      variant="filled"
      onClose={onClose}
      slotProps={{ closeButton: { title: t('common.close') } }}
      sx={{ mb: 2, '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}
    >
      <AlertTitle>{t('common.error')}</AlertTitle>
      {message}
    </Alert>
  );
}
