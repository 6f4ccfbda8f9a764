import { useTranslation } from 'react-i18next';
import type { BatchStatus } from './types';

// MUI's filled small chips in the theme's colours, white text on each (at least 4.5:1). Processing is in
// the theme's primary blue: MUI's info blue under white text is 3.9:1, below the 4.5:1 small text needs.
const FILLS: Record<BatchStatus, string> = {
  processing: '#0b4a6f',
  completed: '#1e7b34',
  completed_with_errors: '#8a5a00',
  failed: '#b3261e',
};

/** The batch chips' colours, given once with the signed-in pages' styles (on the status pill's shape). */
export const batchStatusChipStyles = Object.fromEntries(
  Object.entries(FILLS).map(([status, fill]) => [`.status-chip.batch-${status}`, { backgroundColor: fill, color: '#ffffff' }]),
);

/** A batch's status (spec §4) as a coloured chip. */
export function BatchStatusChip({ status }: { status: BatchStatus }) {
  const { t } = useTranslation();
  return <span className={`status-chip batch-${status}`}>{t(`batches.status.${status}`)}</span>;
}
