import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatDate, formatNumber } from '../../shared/formatting';
import { PlainIcon } from '../../shared/PlainIcon';
import { Pagination } from '../../shared/Pagination';
import type { Result, ResultPage, SortField } from './api';
import { CreditLimitBadge, WeightBadge } from './badges';
import { PAGE_SIZES, type useResultFilters } from './useResultFilters';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import { Skeleton } from '../../shared/Skeleton';
import { Name } from '../../shared/Name';
import { CARD_LIST } from '../../shared/cardList';
import { detailsState } from './returnTo';

type Props = {
  data: ResultPage | undefined;
  loading: boolean;
  state: ReturnType<typeof useResultFilters>;
  showBatch?: boolean;
  empty: string;
  emptyNext?: string;
  label: string;
};

const detailsLink = (result: Result) => `/client/${result.client.id}`;

/** Heights in px of a loaded table row, a loaded card, and the pagination with the space above it (measured). */
const SKELETON = { row: 57, card: 149, pagination: 80 } as const;

/** A page of results: a table on laptops, cards on phones; sort by header, page sizes 10/20/50 (server-side). */
export function ResultsTable({ data: latest, loading, state, showBatch = false, empty, emptyNext, label }: Props) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  // A page of rows arrives as an urgent store update; drawing it is deferred so React draws it in slices.
  const data = useDeferredValue(latest);
  // Cards wherever the table would be wider than its card (phones, and laptops below 1200 px beside the navigation).
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  const { filters } = state;
  const sortHeader = (field: SortField, text: string) => <SortHeader field={field} text={text} state={state} />;
  const rate = (value: number) => `${formatNumber(value, i18n.language, 2)} %`;

  if (!data) return <ListSkeleton phone={phone} rows={filters.limit} />;
  if (data.results.length === 0) return <ListEmpty empty={empty} emptyNext={emptyNext} />;
  return (
    <Box aria-busy={loading} sx={{ opacity: loading ? 0.6 : 1, transition: 'opacity 120ms' }}>
      {phone ? (
        <Box component="ul" aria-label={label} sx={CARD_LIST}>
          {data.results.map((result) => (
            <li key={result.id}>
              <CardHead result={result} />
              <div className="card-line">
                {t('results.interestRate')} {rate(result.interest_rate)} · {t('results.score')}{' '}
                <WeightBadge weight={result.sum_normalised_credit_limit_weights} />
              </div>
              <div className="card-muted">
                {showBatch ? (
                  <>
                    <Name>{result.uploadBatch.name}</Name>
                    {' · '}
                  </>
                ) : null}
                {formatDate(result.createdAt, i18n.language, 'dateTime')}
              </div>
              <Link className="card-link" to={detailsLink(result)} state={detailsState(result.uploadBatchId, location)}>
                {t('results.viewDetails')}
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
                {showBatch && <TableCell hide="sm">{t('results.batch')}</TableCell>}
                <TableCell align="right">{sortHeader('credit_limit', t('results.creditLimit'))}</TableCell>
                <TableCell align="right">{sortHeader('interest_rate', t('results.interestRate'))}</TableCell>
                <TableCell align="right">{t('results.creditScore')}</TableCell>
                <TableCell align="right" hide="lg">
                  {t('results.rateScore')}
                </TableCell>
                <TableCell>{sortHeader('createdAt', t('results.date'))}</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    {t('results.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.results.map((result) => (
                <TableRow key={result.id} hover>
                  <TableCell style={{ minWidth: 170 }}>
                    <ClientCell result={result} />
                  </TableCell>
                  {showBatch && (
                    <TableCell hide="sm" style={{ minWidth: 140 }}>
                      <Name>{result.uploadBatch.name}</Name>
                    </TableCell>
                  )}
                  <TableCell align="right">
                    <CreditLimitBadge amount={result.credit_limit} />
                  </TableCell>
                  <TableCell align="right" nowrap style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {rate(result.interest_rate)}
                  </TableCell>
                  <TableCell align="right">
                    <WeightBadge weight={result.sum_normalised_credit_limit_weights} />
                  </TableCell>
                  <TableCell align="right" hide="lg">
                    <WeightBadge weight={result.sum_normalised_interest_rate_weights} />
                  </TableCell>
                  <TableCell>{formatDate(result.createdAt, i18n.language, 'dateTime')}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      component={Link}
                      to={detailsLink(result)}
                      state={detailsState(result.uploadBatchId, location)}
                      aria-label={t('results.viewDetailsOf', { name: result.client.name })}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {t('results.viewDetails')}
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

/**
 * Where a page of rows will be, as tall as it (a header and a row per result on a laptop, a card per
 * result on a phone, then the pagination), so the sections below it stay where they are when the rows arrive.
 */
export function ListSkeleton({ phone, rows }: { phone: boolean; rows: number }) {
  return (
    <Box aria-busy="true">
      {!phone && <Skeleton height={SKELETON.row} />}
      {Array.from({ length: rows }, (_, index) =>
        phone ? (
          <Skeleton key={index} variant="rounded" height={SKELETON.card} sx={{ mb: 1.5 }} />
        ) : (
          <Skeleton key={index} height={SKELETON.row} />
        ),
      )}
      <Skeleton height={SKELETON.pagination} />
    </Box>
  );
}

/** A listing with no row: what is empty, and what to do next. */
export function ListEmpty({ empty, emptyNext }: { empty: string; emptyNext?: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 5 }}>
      <Typography sx={{ fontWeight: 600 }}>{empty}</Typography>
      {emptyNext && <Typography color="text.secondary">{emptyNext}</Typography>}
    </Box>
  );
}

/** A listing's pages (10, 20 or 50 rows), kept in the URL. */
export function ListPagination({ total, state }: { total: number; state: ReturnType<typeof useResultFilters> }) {
  const { t, i18n } = useTranslation();
  const { filters, set } = state;
  return (
    <Pagination
      count={total}
      page={Math.max(0, filters.page - 1)}
      rowsPerPage={filters.limit}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(page) => set({ page: String(page + 1) })}
      onRowsPerPageChange={(size) => set({ size: size === 10 ? '' : String(size) })}
      labelRowsPerPage={t('results.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('results.displayedRows', { from, to, total: formatNumber(count, i18n.language) })}
      labelPage={(which) => t(`results.goTo.${which}`)}
    />
  );
}

/** A sortable column's header: desc first, then asc; the newest-first default is left out of the URL. */
export function SortHeader({ field, text, state }: { field: SortField; text: string; state: ReturnType<typeof useResultFilters> }) {
  const { filters, set } = state;
  return (
    <TableSortLabel
      active={filters.sortBy === field}
      direction={filters.sortBy === field ? filters.sortOrder : 'desc'}
      onClick={() => {
        const order = filters.sortBy === field && filters.sortOrder === 'desc' ? 'asc' : 'desc';
        set({ sort: field === 'createdAt' ? '' : field, order: order === 'desc' ? '' : order });
      }}
    >
      {text}
    </TableSortLabel>
  );
}

/** A header cell's text for screen readers only (the actions column). */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  m: '-1px',
} as const;

/** A result card's head on a phone: the client's name, reference and institution, and the credit limit's badge. */
export function CardHead({ result }: { result: Result }) {
  return (
    <div className="card-head">
      <div className="card-who">
        <strong>
          <Name>{result.client.name}</Name>
        </strong>
        <span className="card-muted">
          <Reference result={result} />
        </span>
      </div>
      <CreditLimitBadge amount={result.credit_limit} />
    </div>
  );
}

/** A table's client cell: the client's name, then its reference and institution. */
export function ClientCell({ result }: { result: Result }) {
  return (
    <>
      <span className="cell-title">
        <Name>{result.client.name}</Name>
      </span>
      <span className="muted">
        <Reference result={result} />
      </span>
    </>
  );
}

/** The client's reference, and in an administrator's listing (every institution's clients) whose client it is. */
function Reference({ result }: { result: Result }) {
  if (!result.institution) return result.client.reference_number;
  return (
    <>
      {result.client.reference_number} · <Name>{result.institution.name}</Name>
    </>
  );
}
