import Clear from '@mui/icons-material/Clear';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../shared/DateField';
import { FilterInput, OutlinedField } from '../../shared/OutlinedField';
import { useDebounced } from '../../shared/useDebounced';
import type { useResultFilters } from './useResultFilters';

type Props = { state: ReturnType<typeof useResultFilters>; amounts?: boolean; sort?: boolean };

/** Search as you type (debounced), date and amount filters, sort; each change goes to the URL and page 1. */
export function FilterBar({ state, amounts = true, sort = true }: Props) {
  const { t } = useTranslation();
  const { filters, set, clear, filtered } = state;
  // ISO dates compare as text.
  const datesInOrder = !filters.dateFrom || !filters.dateTo || filters.dateFrom <= filters.dateTo;
  const [search, setSearch] = useState(filters.search);
  const settled = useDebounced(search, 300);
  useEffect(() => {
    if (settled !== filters.search) set({ q: settled });
    // Only the settled text drives the URL.
  }, [settled]);
  useEffect(() => {
    // Cleared from elsewhere (view change, Clear Filters): the box follows.
    if (filters.search === '' && settled !== '') setSearch('');
  }, [filters.search]);

  return (
    <Box
      role="search"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
        alignItems: 'center',
        mb: 2,
        '& .filter-search': { gridColumn: { xs: '1 / -1', md: 'span 2' } },
        // A phone gives the sort its own line: a native select cuts its text where MUI's showed an ellipsis.
        '& .filter-sort': { gridColumn: { xs: '1 / -1', md: 'auto' } },
      }}
    >
      <OutlinedField id="results-search" label={t('results.search')} search className="filter-search">
        <input id="results-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </OutlinedField>
      <DateField
        id="results-from"
        label={t('results.dateFrom')}
        value={filters.dateFrom}
        max={filters.dateTo || undefined}
        error={!datesInOrder}
        onChange={(value) => set({ from: value })}
      />
      <DateField
        id="results-to"
        label={t('results.dateTo')}
        value={filters.dateTo}
        min={filters.dateFrom || undefined}
        error={!datesInOrder}
        onChange={(value) => set({ to: value })}
      />
      {amounts && (
        <>
          <FilterInput
            id="results-min"
            label={t('results.minAmount')}
            type="number"
            value={filters.minAmount}
            onChange={(value) => set({ min: value })}
          />
          <FilterInput
            id="results-max"
            label={t('results.maxAmount')}
            type="number"
            value={filters.maxAmount}
            onChange={(value) => set({ max: value })}
          />
        </>
      )}
      {sort && (
        <OutlinedField id="results-sort" label={t('results.sortBy')} select className="filter-sort">
          <select
            id="results-sort"
            value={`${filters.sortBy}:${filters.sortOrder}`}
            onChange={(event) => {
              const [field, order] = event.target.value.split(':');
              set({ sort: field === 'createdAt' ? '' : field, order: order === 'desc' ? '' : order });
            }}
          >
            {(['createdAt', 'credit_limit', 'interest_rate'] as const).flatMap((field) =>
              (['desc', 'asc'] as const).map((order) => (
                <option key={`${field}:${order}`} value={`${field}:${order}`}>
                  {t(`results.sort.${field}_${order}`)}
                </option>
              )),
            )}
          </select>
        </OutlinedField>
      )}
      <Button
        variant="text"
        startIcon={<Clear />}
        sx={{ justifySelf: 'start', whiteSpace: 'nowrap' }}
        disabled={!filtered && search === ''}
        onClick={() => {
          setSearch('');
          clear();
        }}
      >
        {t('results.clearFilters')}
      </Button>
      {!datesInOrder && (
        <Typography role="alert" color="error" variant="body2" sx={{ gridColumn: '1 / -1' }}>
          {t('results.dateOrder')}
        </Typography>
      )}
    </Box>
  );
}
