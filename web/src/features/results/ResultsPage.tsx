import Refresh from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../session/hooks';
import { ViewTabs } from '../../shared/ViewTabs';
import { useResultsQuery } from './api';
import { ClientsTable } from './ClientsTable';
import { ResultsFrame } from './ResultsFrame';
import { ResultsTable } from './ResultsTable';
import { useResultFilters } from './useResultFilters';

/** Assessment Results (/result and /results): every scoring, or All Clients (one row per client); every search, filter, sort and page answered by the server. */
export function ResultsPage() {
  const { t } = useTranslation();
  const state = useResultFilters();
  const view = state.params.get('view') === 'clients' ? 'clients' : 'batches';
  const { data, isFetching, error, refetch } = useResultsQuery({ ...state.filters, view });
  // An administrator reads every institution's results, and uploads none.
  const admin = useAppSelector((store) => store.session.user?.role === 'admin');
  const emptyNext = state.filtered ? t('results.noMatchNext') : t(admin ? 'results.noResultsNextAdmin' : 'results.noResultsNext');
  return (
    <ResultsFrame
      title={t('pages.results')}
      subtitle={t(admin ? 'results.introAdmin' : 'results.intro')}
      view={view}
      state={state}
      error={error}
      onRetry={() => void refetch()}
      actions={
        <Button variant="outlined" startIcon={<Refresh />} onClick={() => void refetch()} disabled={isFetching}>
          {t('results.refresh')}
        </Button>
      }
      above={
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
      }
    >
      {view === 'clients' ? (
        <ClientsTable
          data={data}
          loading={isFetching}
          state={state}
          label={t('results.clientView')}
          empty={state.filtered ? t('results.noMatch') : t('results.noClientResults')}
          emptyNext={emptyNext}
        />
      ) : (
        <ResultsTable
          data={data}
          loading={isFetching}
          state={state}
          showBatch
          label={t('results.batchView')}
          empty={state.filtered ? t('results.noMatch') : t('results.noBatchResults')}
          emptyNext={emptyNext}
        />
      )}
    </ResultsFrame>
  );
}
