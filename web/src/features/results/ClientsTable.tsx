import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatDate, formatNumber } from '../../shared/formatting';
import { PlainIcon } from '../../shared/PlainIcon';
import type { Result, ResultPage } from './api';
import { CreditLimitBadge, WeightBadge } from './badges';
import type { useResultFilters } from './useResultFilters';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { CARD_LIST } from '../../shared/cardList';
import { detailsState } from './returnTo';
import { CardHead, ClientCell, ListEmpty, ListPagination, ListSkeleton, SortHeader, VISUALLY_HIDDEN } from './ResultsTable';

type Props = {
  data: ResultPage | undefined;
  loading: boolean;
  state: ReturnType<typeof useResultFilters>;
  empty: string;
  emptyNext?: string;
  label: string;
};

/**
 * All Clients: one row per client (never per scoring) with its latest result, how many results it has
 * and when it was last scored, and a way to its details; a table on laptops, cards on phones.
 */
export function ClientsTable({ data: latest, loading, state, empty, emptyNext, label }: Props) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const data = useDeferredValue(latest);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  const rate = (value: number) => `${formatNumber(value, i18n.language, 2)} %`;
  const count = (result: Result) =>
    t('results.clientList.count', { count: result.resultCount ?? 1, n: formatNumber(result.resultCount ?? 1, i18n.language) });
  const lastScored = (result: Result) => formatDate(result.createdAt, i18n.language, 'dateTime');
  const link = (result: Result) => ({ to: `/client/${result.client.id}`, state: detailsState(undefined, location) });

  if (!data) return <ListSkeleton phone={phone} rows={state.filters.limit} />;
  if (data.results.length === 0) return <ListEmpty empty={empty} emptyNext={emptyNext} />;
  return (
    <Box aria-busy={loading} sx={{ opacity: loading ? 0.6 : 1, transition: 'opacity 120ms' }}>
      {phone ? (
        <Box component="ul" aria-label={label} sx={CARD_LIST}>
          {data.results.map((result) => (
            <li key={result.client.id}>
              <CardHead result={result} />
              <div className="card-line">
                {t('results.clientList.latestRate')} {rate(result.interest_rate)} · {t('results.clientList.score')}{' '}
                <WeightBadge weight={result.sum_normalised_credit_limit_weights} />
              </div>
              <div className="card-muted">
                {count(result)} · {t('results.clientList.lastScoredOn', { date: lastScored(result) })}
              </div>
              <Link className="card-link" {...link(result)}>
                {t('results.clientList.viewClient')}
                <PlainIcon icon="chevronRight" />
              </Link>
            </li>
          ))}
        </Box>
      ) : (
        <TableContainer>
          <Table aria-label={label}>
            <TableHead>
              <TableRow>
                <TableCell>{t('results.client')}</TableCell>
                <TableCell align="right">
                  <SortHeader field="credit_limit" text={t('results.clientList.latestLimit')} state={state} />
                </TableCell>
                <TableCell align="right">
                  <SortHeader field="interest_rate" text={t('results.clientList.latestRate')} state={state} />
                </TableCell>
                <TableCell align="right">{t('results.clientList.score')}</TableCell>
                <TableCell align="right">{t('results.clientList.results')}</TableCell>
                <TableCell>
                  <SortHeader field="createdAt" text={t('results.clientList.lastScored')} state={state} />
                </TableCell>
                <TableCell align="right">
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    {t('results.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.results.map((result) => (
                <TableRow key={result.client.id} hover>
                  <TableCell style={{ minWidth: 170 }}>
                    <ClientCell result={result} />
                  </TableCell>
                  <TableCell align="right">
                    <CreditLimitBadge amount={result.credit_limit} />
                  </TableCell>
                  <TableCell align="right" nowrap style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {rate(result.interest_rate)}
                  </TableCell>
                  <TableCell align="right">
                    <WeightBadge weight={result.sum_normalised_credit_limit_weights} />
                  </TableCell>
                  <TableCell align="right" nowrap>
                    {count(result)}
                  </TableCell>
                  <TableCell>{lastScored(result)}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      component={Link}
                      {...link(result)}
                      aria-label={t('results.clientList.viewClientOf', { name: result.client.name })}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {t('results.clientList.viewClient')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ListPagination total={data.pagination.total} state={state} />
    </Box>
  );
}
