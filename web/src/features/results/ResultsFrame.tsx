import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shownMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { PageHeader } from '../../shared/PageHeader';
import { ExportButton } from './ExportButton';
import { FilterBar } from './FilterBar';
import type { useResultFilters } from './useResultFilters';

type Props = {
  title: string;
  subtitle: string;
  view: 'batches' | 'clients';
  state: ReturnType<typeof useResultFilters>;
  error: unknown;
  onRetry: () => void;
  /** Actions before Export CSV. */
  actions?: ReactNode;
  /** Above the filters, inside the card (the results page's view tabs). */
  above?: ReactNode;
  /** The list. */
  children: ReactNode;
};

/** A results listing page: its header with Export CSV (what the list shows), the error banner, and the card with the filters over the list. */
export function ResultsFrame({ title, subtitle, view, state, error, onRetry, actions, above, children }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            {actions}
            <ExportButton filters={state.filters} view={view} />
          </>
        }
      />
      <Stack spacing={2}>
        <ErrorBanner message={error ? (shownMessage(error) ?? t('results.fetchFailed')) : null} onClose={onRetry} />
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
          {above}
          <FilterBar state={state} />
          {children}
        </Paper>
      </Stack>
    </>
  );
}
