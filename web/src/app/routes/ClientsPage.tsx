import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { shownMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { useResultsQuery } from '../../features/results/api';
import { ExportButton } from '../../features/results/ExportButton';
import { FilterBar } from '../../features/results/FilterBar';
import { ResultsTable } from '../../features/results/ResultsTable';
import { useResultFilters } from '../../features/results/useResultFilters';

/** /clients: the latest result of every client, searchable, sorted and paged by the server. */
export function ClientsPage() {
  const { t } = useTranslation();
  const state = useResultFilters();
  const { data, isFetching, error, refetch } = useResultsQuery({ ...state.filters, view: 'clients' });
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <div>
          <Typography variant="h1" component="h1">
            {t('pages.clients')}
          </Typography>
          <Typography color="text.secondary">{t('workspace.clientsIntro')}</Typography>
        </div>
        <ExportButton filters={state.filters} view="clients" />
      </Stack>
      <ErrorBanner message={error ? (shownMessage(error) ?? t('results.fetchFailed')) : null} onClose={() => void refetch()} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
        <FilterBar state={state} />
        <ResultsTable
          data={data}
          loading={isFetching}
          state={state}
          showBatch
          label={t('pages.clients')}
          empty={state.filtered ? t('results.noMatch') : t('results.noClientResults')}
          emptyNext={state.filtered ? t('results.noMatchNext') : t('results.noResultsNext')}
        />
      </Paper>
    </Stack>
  );
}
