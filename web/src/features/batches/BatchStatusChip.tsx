import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { BatchStatus } from './api';

const COLOURS = { processing: 'info', completed: 'success', completed_with_errors: 'warning', failed: 'error' } as const;

/** A batch's status (spec §4) as a coloured chip. */
export function BatchStatusChip({ status }: { status: BatchStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLOURS[status]} label={t(`batches.status.${status}`)} sx={{ fontWeight: 600 }} />;
}
