import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useDownloadFileMutation } from '../../api/downloadApi';
import type { ResultFilters } from './api';
import { exportQuery } from './exportQuery';

type Props = { uploadBatchId?: number; failedKey?: string; filters?: ResultFilters; view?: 'batches' | 'clients' };

/** Downloads the streamed CSV export of the institution's results, or of one batch: the rows the list shows (given its filters), every page. */
export function ExportButton({ uploadBatchId, failedKey = 'results.exportFailed', filters, view }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [downloadFile] = useDownloadFileMutation();
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile({
        path: `/result/export?${exportQuery(filters, view, uploadBatchId)}`,
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
