import Refresh from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { shownMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { ViewTabs } from '../../shared/ViewTabs';
import { useResultsQuery } from './api';
import { ExportButton } from './ExportButton';
import { FilterBar } from './FilterBar';
import { ResultsTable } from './ResultsTable';
import { useResultFilters } from './useResultFilters';

/** Assessment Results (/result and /results): two views, every search, filter, sort and page answered by the server. */
export function ResultsPage() {
  const { t } = useTranslation();
  const state = useResultFilters();
  const view = state.params.get('view') === 'clients' ? 'clients' : 'batches';
  const { data, isFetching, error, refetch } = useResultsQuery({ ...state.filters, view });
  const empty = view === 'clients' ? t('results.noClientResults') : t('results.noBatchResults');
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <div>
          <Typography variant="h1" component="h1">
            {t('pages.results')}
          </Typography>
          <Typography color="text.secondary">{t('results.intro')}</Typography>
        </div>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button variant="outlined" startIcon={<Refresh />} onClick={() => void refetch()} disabled={isFetching}>
            {t('results.refresh')}
          </Button>
          <ExportButton filters={state.filters} view={view} />
        </Stack>
      </Stack>
      <ErrorBanner message={error ? (shownMessage(error) ?? t('results.fetchFailed')) : null} onClose={() => void refetch()} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
        <ViewTabs
          label={t('results.viewMode')}
          value={view}
          tabs={[
            { value: 'batches', label: t('results.batchView') },
            { value: 'clients', label: t('results.clientView') },
          ]}
          onChange={(next) => state.clear({ view: next === 'clients' ? 'clients' : '', sort: '', order: '' })}
          sx={{ mb: 2 }}
        />
        <FilterBar state={state} />
        <ResultsTable
          data={data}
          loading={isFetching}
          state={state}
          showBatch={view === 'batches'}
          label={view === 'clients' ? t('results.clientView') : t('results.batchView')}
          empty={state.filtered ? t('results.noMatch') : empty}
          emptyNext={state.filtered ? t('results.noMatchNext') : t('results.noResultsNext')}
        />
      </Paper>
    </Stack>
  );
}
