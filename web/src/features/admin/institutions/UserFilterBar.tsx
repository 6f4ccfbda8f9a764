import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { USER_PERIODS, USER_STATUSES } from './filterInstitutions';
import type { useUserFilters } from './useUserFilters';

type Props = { state: ReturnType<typeof useUserFilters> };

/** User Management's search, status and registration-date filters. */
export function UserFilterBar({ state }: Props) {
  const { t } = useTranslation();
  const { filters } = state;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 180px 200px' } }}
    >
      <TextField
        size="small"
        type="search"
        id="users-search"
        label={t('admin.users.search')}
        placeholder={t('admin.users.searchPlaceholder')}
        value={filters.search}
        onChange={(event) => state.setFilter('search', event.target.value)}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        slotProps={{
          inputLabel: { shrink: true },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        id="users-status"
        label={t('admin.users.status')}
        value={filters.status}
        onChange={(event) => state.setFilter('status', event.target.value)}
      >
        {USER_STATUSES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`admin.users.statuses.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        id="users-registered"
        label={t('admin.users.registered')}
        value={filters.period}
        onChange={(event) => state.setFilter('registered', event.target.value)}
      >
        {USER_PERIODS.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`admin.users.periods.${value}`)}
          </MenuItem>
        ))}
      </TextField>
    </Paper>
  );
}
