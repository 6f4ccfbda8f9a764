import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useDownloadFileMutation } from '../../api/downloadApi';

type Props = { uploadBatchId?: number; failedKey?: string };

/** Downloads the streamed CSV export of the institution's results, or of one batch. */
export function ExportButton({ uploadBatchId, failedKey = 'results.exportFailed' }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [downloadFile] = useDownloadFileMutation();
  const run = async () => {
    setBusy(true);
    try {
      const query = uploadBatchId ? `uploadBatchId=${uploadBatchId}&format=csv` : 'format=csv';
      await downloadFile({
        path: `/result/export?${query}`,
        filename: uploadBatchId ? `credit_results_batch_${uploadBatchId}.csv` : 'credit_results.csv',
      }).unwrap();
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
