import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { shownMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { formatDate, formatNumber } from '../../shared/formatting';
import { Money } from '../../shared/Money';
import { NearScreen } from '../../shared/NearScreen';
import { RouterLink } from '../../shared/RouterLink';
import { useClientDetailedQuery, useClientHistoryQuery } from './api';
import { CreditLimitBadge, WeightBadge } from './badges';
import { ExplanationSection } from './ExplanationSection';
import { useVersionLabel } from './modelVersionLabel';
import { returnTarget } from './returnTo';
import { StatCard } from '../../shared/StatCard';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { Skeleton } from '../../shared/Skeleton';
import { Name } from '../../shared/Name';

const HistoryChart = lazy(() => import('./HistoryChart').then((module) => ({ default: module.HistoryChart })));

/** Client result details (/client/{id}, /result/client/{id}/detailed), honouring an uploadBatchId passed in navigation. */
export function ClientDetailsPage() {
  const { t, i18n } = useTranslation();
  const versionLabel = useVersionLabel();
  const clientId = Number(useParams().clientId);
  const location = useLocation();
  const fromState = (location.state as { uploadBatchId?: unknown } | null)?.uploadBatchId;
  const fromQuery = Number(new URLSearchParams(location.search).get('uploadBatchId'));
  const uploadBatchId = typeof fromState === 'number' ? fromState : fromQuery > 0 ? fromQuery : undefined;
  const valid = Number.isInteger(clientId) && clientId > 0;
  const detailed = useClientDetailedQuery({ id: clientId, uploadBatchId }, { skip: !valid });
  const history = useClientHistoryQuery(clientId, { skip: !valid });
  const result = detailed.data?.result;
  const rate = (value: number) => `${formatNumber(value, i18n.language, 2)} %`;
  const error = detailed.error ?? history.error;

  return (
    <Stack spacing={2}>
      <Box>
        <Button
          component={Link}
          to={returnTarget(location.state, '/result?view=clients')}
          startIcon={<ArrowBack />}
          size="small"
          sx={{ mb: 1 }}
        >
          {t('results.backToResults')}
        </Button>
        <Typography variant="h1" component="h1">
          {t('pages.clientDetails')}
          {result ? (
            <>
              {' — '}
              <Name>{result.client.name}</Name>
            </>
          ) : null}
        </Typography>
        {result ? (
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('results.reference')} {result.client.reference_number}
            {result.client.phoneNumber ? ` · ${result.client.phoneNumber}` : ''}
            {result.client.email ? ` · ${result.client.email}` : ''}
          </Typography>
        ) : (
          detailed.isLoading && (
            <Typography>
              <Skeleton width="60%" />
            </Typography>
          )
        )}
      </Box>
      <ErrorBanner
        message={error ? (shownMessage(error) ?? t('results.clientFetchFailed')) : null}
        onClose={() => {
          void detailed.refetch();
          void history.refetch();
        }}
      />
      {detailed.isLoading && <Skeleton height={140} />}
      {result && (
        <Box component="section" aria-labelledby="latest-title">
          <Typography id="latest-title" variant="h2" component="h2" sx={{ mb: 1 }}>
            {t('results.latestResult')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            <RouterLink to={`/result/batch/${result.uploadBatchId}`}>
              {t('results.fromBatch', { name: result.uploadBatch.name })}
            </RouterLink>
            {` · ${formatDate(result.createdAt, i18n.language, 'dateTime')} · ${t('results.modelVersion', { version: versionLabel(detailed.data!.model) })}`}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' } }}>
            <StatCard label={t('results.creditLimit')} value={<CreditLimitBadge amount={result.credit_limit} />} />
            <StatCard label={t('results.interestRate')} value={rate(result.interest_rate)} />
            <StatCard label={t('results.creditScore')} value={<WeightBadge weight={result.sum_normalised_credit_limit_weights} />} />
            <StatCard label={t('results.rateScore')} value={<WeightBadge weight={result.sum_normalised_interest_rate_weights} />} />
          </Box>
        </Box>
      )}
      {/* Below the latest result, so shown once that has arrived (or failed): it never moves when it does. */}
      {history.data && !detailed.isLoading && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} component="section" aria-labelledby="history-title">
          <Typography id="history-title" variant="h2" component="h2" sx={{ mb: 1 }}>
            {t('results.history')}
          </Typography>
          {history.data.length > 1 ? (
            <NearScreen placeholder={<Skeleton height={260} />}>
              <HistoryChart history={history.data} />
            </NearScreen>
          ) : (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('results.noHistory')}
            </Typography>
          )}
          <TableContainer>
            <Table size="small" aria-label={t('results.history')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('results.date')}</TableCell>
                  <TableCell>{t('results.batch')}</TableCell>
                  <TableCell align="right">{t('results.creditLimit')}</TableCell>
                  <TableCell align="right">{t('results.interestRate')}</TableCell>
                  <TableCell align="right" hide="xs">
                    {t('results.creditScore')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {history.data.map((row) => (
                  <TableRow key={row.id} selected={row.id === result?.id}>
                    <TableCell nowrap>{formatDate(row.createdAt, i18n.language, 'dateTime')}</TableCell>
                    <TableCell>
                      <RouterLink to={`/result/batch/${row.uploadBatchId}`}>
                        <Name>{row.uploadBatch.name}</Name>
                      </RouterLink>
                    </TableCell>
                    <TableCell align="right">
                      <Money amount={row.credit_limit} />
                    </TableCell>
                    <TableCell align="right" nowrap>
                      {rate(row.interest_rate)}
                    </TableCell>
                    <TableCell align="right" hide="xs">
                      <WeightBadge weight={row.sum_normalised_credit_limit_weights} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      {/* Last on the page, so shown once the history above it has arrived (or failed). */}
      {detailed.data && !history.isLoading && (
        <Box component="section" aria-labelledby="explanation-title">
          <Typography id="explanation-title" variant="h2" component="h2" sx={{ mb: 1 }}>
            {t('results.explanation')}
          </Typography>
          <ExplanationSection explanation={detailed.data.explanation} />
        </Box>
      )}
    </Stack>
  );
}
