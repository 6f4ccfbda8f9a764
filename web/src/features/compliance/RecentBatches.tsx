import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { BatchStatusChip } from '../../shared/BatchStatusChip';
import { formatDate, formatNumber } from '../../shared/formatting';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import type { UploadBatch } from '../../shared/types';

type Props = { batches: UploadBatch[]; institutionName: (id: number) => string; onReplay: (id: number) => void };

/** The latest batches of every institution, each with a Replay button. */
export function RecentBatches({ batches, institutionName, onReplay }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer role="region" aria-labelledby="recent-batches-title">
      <Table fitPhoneFrom={760}>
        <TableHead>
          <TableRow>
            <TableCell>{t('compliance.replay.columns.batch')}</TableCell>
            <TableCell hide="xs">{t('compliance.replay.columns.institution')}</TableCell>
            <TableCell hide="xs" align="right">
              {t('compliance.replay.columns.records')}
            </TableCell>
            <TableCell hide="xs">{t('compliance.replay.columns.status')}</TableCell>
            <TableCell hide="xs">{t('compliance.replay.columns.uploaded')}</TableCell>
            <TableCell align="right">{t('compliance.replay.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {batches.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>{t('compliance.replay.noBatches')}</TableCell>
            </TableRow>
          )}
          {batches.map((batch) => (
            <TableRow key={batch.id}>
              <TableCell>
                <span className="strong">
                  #{batch.id} {batch.name}
                </span>
                <span className="phone-only muted">
                  {institutionName(batch.institutionId)} · {formatDate(batch.createdAt, i18n.language, 'dateTime')}
                </span>
              </TableCell>
              <TableCell hide="xs">{institutionName(batch.institutionId)}</TableCell>
              <TableCell hide="xs" align="right">
                {formatNumber(batch.total_records, i18n.language)}
              </TableCell>
              <TableCell hide="xs">
                <BatchStatusChip status={batch.status} />
              </TableCell>
              <TableCell hide="xs">{formatDate(batch.createdAt, i18n.language, 'dateTime')}</TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => onReplay(batch.id)}
                  aria-label={t('compliance.replay.replayBatch', { id: batch.id, name: batch.name })}
                >
                  {t('compliance.replay.replay')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
