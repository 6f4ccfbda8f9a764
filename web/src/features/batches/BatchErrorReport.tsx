import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { inPageLanguage } from '../../api/serverMessages';
import { Spinner } from '../../shared/Spinner';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { useBatchErrorsQuery, useLazyBatchErrorsQuery, type BatchError } from './api';
import { csvText } from '../../shared/csvText';
import { saveBlob } from '../../shared/saveBlob';
import { Pager } from './Pager';

const PAGE = 50;
const CSV_PAGE = 1000;

/** A batch's rejected rows (row, column, reason) on screen, 50 a page, and all of them as a CSV. */
export function BatchErrorReport({ batchId, batchName }: { batchId: number; batchName: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useBatchErrorsQuery({ id: batchId, page, limit: PAGE });
  const [fetchPage] = useLazyBatchErrorsQuery();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: BatchError[] = [];
      for (let next = 1; ; next += 1) {
        const answer = await fetchPage({ id: batchId, page: next, limit: CSV_PAGE }).unwrap();
        rows.push(...answer.errors);
        if (next >= answer.pagination.totalPages) break;
      }
      const text = csvText([
        [t('batches.errorRow'), t('batches.errorColumn'), t('batches.errorReason')],
        ...rows.map((row) => [row.row, row.column ?? '', inPageLanguage(row.reason)]),
      ]);
      saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), `batch-${batchId}-errors.csv`);
    } catch {
      toast.error(t('batches.errorReportFailed'));
    } finally {
      setExporting(false);
    }
  };

  if (!data) return <Spinner size="small" />;
  const empty = data.errors.length === 0;
  return (
    <Box aria-busy={isFetching}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
          {t('batches.errorReportTitle', { name: batchName, count: data.pagination.total })}
        </Typography>
        {!empty && (
          <Button size="small" variant="outlined" startIcon={<Download />} disabled={exporting} onClick={() => void exportCsv()}>
            {exporting ? t('batches.exporting') : t('batches.downloadErrors')}
          </Button>
        )}
      </Box>
      {data.failureReason && (
        <Typography color="error" sx={{ mb: 1 }}>
          {inPageLanguage(data.failureReason)}
        </Typography>
      )}
      {empty ? (
        <Typography color="text.secondary">{t('batches.noErrors')}</Typography>
      ) : (
        <TableContainer>
          <Table aria-label={t('batches.errorReport')}>
            <TableHead>
              <TableRow>
                <TableCell nowrap>{t('batches.errorRow')}</TableCell>
                <TableCell hide="xs">{t('batches.errorColumn')}</TableCell>
                <TableCell>{t('batches.errorReason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.errors.map((error, index) => (
                <TableRow key={`${error.row}-${error.column ?? ''}-${index}`}>
                  <TableCell nowrap>{error.row}</TableCell>
                  <TableCell hide="xs" style={{ overflowWrap: 'anywhere' }}>
                    {error.column ?? '—'}
                  </TableCell>
                  {/* A long word breaks only where it would stick out; on a phone the column is named under the reason. */}
                  <TableCell style={{ overflowWrap: 'break-word' }}>
                    {inPageLanguage(error.reason)}
                    {error.column && <span className="phone-only muted">{t('batches.errorColumnIs', { column: error.column })}</span>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Pager page={page} totalPages={data.pagination.totalPages} onChange={setPage} />
    </Box>
  );
}
