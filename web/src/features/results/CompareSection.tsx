import { formatMoney, formatNumber } from '../../shared/formatting';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownMessage } from '../../api/errorMessage';
import { Money } from '../../shared/Money';
import { Pagination } from '../../shared/Pagination';
import { useCompareQuery } from './api';
import { useVersionLabel } from './modelVersionLabel';
import { notScorableText } from './notScorableText';
import { StatCard } from '../../shared/StatCard';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { Skeleton } from '../../shared/Skeleton';
import { Name } from '../../shared/Name';

/** What the batch would give under today's model and parameters: totals for the whole batch, clients page by page. */
export function CompareSection({ batchId }: { batchId: number }) {
  const { t, i18n } = useTranslation();
  const versionLabel = useVersionLabel();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const { data, error, isFetching } = useCompareQuery({ id: batchId, page, limit });
  const rate = (value: number) => `${formatNumber(value, i18n.language, 2)} %`;
  const signed = (value: number, text: string) => (value > 0 ? `+${text}` : text);
  const totals = data?.totals;
  const leftOutNote =
    totals && totals.noLongerScorable > 0
      ? totals.scorable === 0
        ? t('results.compareNoFigure')
        : t('results.compareLeftOutNote', { count: totals.noLongerScorable, n: formatNumber(totals.noLongerScorable, i18n.language) })
      : undefined;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="compare-title">
      <Typography id="compare-title" variant="h2" component="h2">
        {t('results.compareTitle')}
      </Typography>
      {error && (
        <Typography role="alert" color="error">
          {shownMessage(error) ?? t('results.compareFailed')}
        </Typography>
      )}
      {!data && !error && <Skeleton height={120} />}
      {data && totals && (
        <>
          <Typography color="text.secondary">{t('results.compareIntro')}</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="compare-versions">
            {data.fromModel.version === data.toModel.version
              ? t('results.compareSameModel', { version: versionLabel(data.toModel) })
              : t('results.compareVersions', { from: versionLabel(data.fromModel), to: versionLabel(data.toModel) })}
          </Typography>
          {totals.noLongerScorable > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {totals.scorable === 0
                ? t('results.compareNoneScorable', { count: totals.clients, n: formatNumber(totals.clients, i18n.language) })
                : t('results.compareLeftOut', { count: totals.noLongerScorable, n: formatNumber(totals.noLongerScorable, i18n.language) })}
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {totals.notScorableReasons.map((reason) => (
                  <li key={`${reason.code}|${reason.variable}`}>
                    {t('results.compareReason', {
                      reason: notScorableText([reason], t, i18n.language),
                      count: reason.clients,
                      n: formatNumber(reason.clients, i18n.language),
                    })}
                  </li>
                ))}
              </Box>
            </Alert>
          )}
          <Box
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' }, mb: 2 }}
          >
            <StatCard
              label={t('results.compareChanged')}
              value={`${formatNumber(totals.changed, i18n.language)} / ${formatNumber(totals.clients, i18n.language)}`}
              note={
                totals.noLongerScorable > 0
                  ? t('results.compareNotScorableCount', { n: formatNumber(totals.noLongerScorable, i18n.language) })
                  : undefined
              }
            />
            <StatCard
              label={t('results.compareTotalThen')}
              value={<Money amount={totals.oldTotalCreditLimit} />}
              note={
                totals.scorableThen && totals.noLongerScorable > 0
                  ? t('results.compareSameClientsThen', {
                      count: totals.scorable,
                      n: formatNumber(totals.scorable, i18n.language),
                      value: formatMoney(totals.scorableThen.totalCreditLimit, i18n.language),
                    })
                  : undefined
              }
            />
            <StatCard
              label={t('results.compareTotalNow')}
              value={totals.newTotalCreditLimit === null ? '—' : <Money amount={totals.newTotalCreditLimit} />}
              note={leftOutNote}
            />
            <StatCard
              label={t('results.compareRateNow')}
              value={totals.newAvgInterestRate === null ? '—' : rate(totals.newAvgInterestRate)}
              note={
                totals.scorableThen && totals.noLongerScorable > 0
                  ? t('results.compareRateThenSame', { value: rate(totals.scorableThen.avgInterestRate) })
                  : totals.scorableThen
                    ? t('results.compareRateThenValue', { value: rate(totals.scorableThen.avgInterestRate) })
                    : leftOutNote
              }
            />
          </Box>
          <Box sx={{ opacity: isFetching ? 0.6 : 1, '& tr.changed': { bgcolor: 'rgba(237, 108, 2, 0.06)' } }}>
            <TableContainer>
              <Table aria-label={t('results.compareTitle')} fitPhoneFrom={640}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('results.client')}</TableCell>
                    <TableCell align="right" hide="xs">
                      {t('results.limitThen')}
                    </TableCell>
                    <TableCell align="right">{t('results.limitNow')}</TableCell>
                    <TableCell align="right" hide="xs">
                      {t('results.change')}
                    </TableCell>
                    <TableCell align="right" hide="xs">
                      {t('results.rateThen')}
                    </TableCell>
                    <TableCell align="right" hide="xs">
                      {t('results.rateNow')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.clients.map((client) => (
                    <TableRow key={client.clientId} className={client.changed ? 'changed' : undefined}>
                      <TableCell style={{ minWidth: 140 }}>
                        <span className="cell-title">
                          <Name>{client.name}</Name>
                        </span>
                        <span className="muted">{client.reference_number}</span>
                        <span className="muted phone-only">
                          {t('results.limitThen')}: <Money amount={client.old.creditLimit} />
                        </span>
                      </TableCell>
                      <TableCell align="right" hide="xs">
                        <Money amount={client.old.creditLimit} />
                      </TableCell>
                      <TableCell align="right">
                        {client.new ? (
                          <Money amount={client.new.creditLimit} />
                        ) : (
                          <>
                            <span className="cell-title">{t('results.notScorable')}</span>
                            {client.notScorable && (
                              <span className="muted">{notScorableText(client.notScorable.problems, t, i18n.language)}</span>
                            )}
                          </>
                        )}
                      </TableCell>
                      <TableCell align="right" nowrap hide="xs">
                        {client.creditLimitChange === null
                          ? '—'
                          : signed(client.creditLimitChange, formatNumber(client.creditLimitChange, i18n.language))}
                      </TableCell>
                      <TableCell align="right" nowrap hide="xs">
                        {rate(client.old.interestRate)}
                      </TableCell>
                      <TableCell align="right" nowrap hide="xs">
                        {client.new ? rate(client.new.interestRate) : '—'}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Pagination
              count={data.pagination.total}
              page={page - 1}
              rowsPerPage={limit}
              rowsPerPageOptions={[10, 20, 50]}
              onPageChange={(next) => setPage(next + 1)}
              onRowsPerPageChange={(size) => {
                setLimit(size);
                setPage(1);
              }}
              labelRowsPerPage={t('results.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) =>
                t('results.displayedRows', { from, to, total: formatNumber(count, i18n.language) })
              }
              labelPage={(which) => t(`results.goTo.${which}`)}
            />
          </Box>
        </>
      )}
    </Paper>
  );
}
