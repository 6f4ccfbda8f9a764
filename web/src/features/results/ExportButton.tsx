import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../batches/download';

type Props = { uploadBatchId?: number; failedKey?: string };

/** Downloads the streamed CSV export of the institution's results, or of one batch. */
export function ExportButton({ uploadBatchId, failedKey = 'results.exportFailed' }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const query = uploadBatchId ? `uploadBatchId=${uploadBatchId}&format=csv` : 'format=csv';
      await downloadFile(`/result/export?${query}`, uploadBatchId ? `credit_results_batch_${uploadBatchId}.csv` : 'credit_results.csv');
    } catch {
      toast.error(t(failedKey));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<Download />} disabled={busy} onClick={() => void run()}>
      {busy ? t('results.exporting') : t('results.exportCsv')}
    </Button>
  );
}
