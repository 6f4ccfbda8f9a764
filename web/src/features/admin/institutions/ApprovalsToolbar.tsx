import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { OutlinedField } from '../../../shared/OutlinedField';
import { ToggleGroup } from '../../../shared/ToggleGroup';
import type { ApprovalList } from './institutionsApi';
import { APPROVAL_FILTERS, type useApprovalFilters } from './useApprovalFilters';

type Props = { filters: ReturnType<typeof useApprovalFilters>; counts: ApprovalList['counts'] | undefined; onStatus: () => void };

/** The status filters with their counts, and the search box. */
export function ApprovalsToolbar({ filters, counts, onStatus }: Props) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'space-between',
        mb: 2,
        '& .approvals-search': { width: { xs: '100%', sm: 340 } },
      }}
    >
      <Box sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <ToggleGroup
          label={t('admin.approvals.filterLabel')}
          options={APPROVAL_FILTERS.map((filter) => ({
            value: filter,
            label: t(`admin.approvals.filters.${filter}`),
            count: counts ? counts[filter] : '–',
          }))}
          value={filters.status}
          onChange={(value) => {
            onStatus();
            filters.setStatus(value);
          }}
        />
      </Box>
      <OutlinedField id="approvals-search" search className="approvals-search">
        <input
          type="search"
          id="approvals-search"
          value={filters.searchText}
          onChange={(event) => filters.setSearchText(event.target.value)}
          placeholder={t('admin.approvals.searchPlaceholder')}
          aria-label={t('admin.approvals.searchLabel')}
        />
      </OutlinedField>
    </Box>
  );
}
