import { useTranslation } from 'react-i18next';
import { useResultsQuery } from '../../features/results/api';
import { ClientsTable } from '../../features/results/ClientsTable';
import { ResultsFrame } from '../../features/results/ResultsFrame';
import { useResultFilters } from '../../features/results/useResultFilters';

/** /clients: one row per client (its latest result, how many results, when last scored), searchable, sorted and paged by the server. */
export function ClientsPage() {
  const { t } = useTranslation();
  const state = useResultFilters();
  const { data, isFetching, error, refetch } = useResultsQuery({ ...state.filters, view: 'clients' });
  return (
    <ResultsFrame
      title={t('pages.clients')}
      subtitle={t('results.clientList.intro')}
      view="clients"
      state={state}
      error={error}
      onRetry={() => void refetch()}
    >
      <ClientsTable
        data={data}
        loading={isFetching}
        state={state}
        label={t('pages.clients')}
        empty={state.filtered ? t('results.noMatch') : t('results.noClientResults')}
        emptyNext={state.filtered ? t('results.noMatchNext') : t('results.noResultsNext')}
      />
    </ResultsFrame>
  );
}
