import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { templateText } from '../../api/serverText';
import { formatDate, formatNumber } from '../../shared/formatting';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { useParameterHistoryQuery } from './api';
import { Skeleton } from '../../shared/Skeleton';

type Props = { institutionId?: number };

/** Who changed which parameter, when, old → new; the latest 50 (of the signed-in institution, or the one named). */
export function ParameterHistory({ institutionId }: Props) {
  const { t, i18n } = useTranslation();
  const { data } = useParameterHistoryQuery({ page: 1, limit: 50, institutionId });
  const value = (number: number | null) =>
    number === null ? t('parameters.defaultValue') : formatNumber(number, i18n.language, number % 1 === 0 ? 0 : 2);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="history-title">
      <Typography id="history-title" variant="h2" component="h2" sx={{ mb: 1.5 }}>
        {t('parameters.historyTitle')}
      </Typography>
      {!data && <Skeleton height={80} />}
      {data && data.length === 0 && <Typography color="text.secondary">{t('parameters.noHistory')}</Typography>}
      {data && data.length > 0 && (
        <TableContainer>
          <Table aria-label={t('parameters.historyTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('parameters.when')}</TableCell>
                <TableCell>{t('parameters.parameter')}</TableCell>
                <TableCell align="right">{t('parameters.oldValue')}</TableCell>
                <TableCell align="right">{t('parameters.newValue')}</TableCell>
                <TableCell>{t('parameters.who')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((row) => (
                <TableRow key={row.id}>
                  <TableCell nowrap>{formatDate(row.changedAt, i18n.language, 'dateTime')}</TableCell>
                  <TableCell style={{ minWidth: 160 }}>
                    {templateText({ uniqueCode: row.uniqueCode, name: row.parameterName }, 'name', i18n)}
                  </TableCell>
                  <TableCell align="right">{value(row.oldValue)}</TableCell>
                  <TableCell align="right" className="strong">
                    {value(row.newValue)}
                  </TableCell>
                  <TableCell>{row.userName}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
