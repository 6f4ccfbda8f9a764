import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { active: number | null; onSearch: (institutionId: number) => void; onShowAll: () => void };

/** The numeric Institution ID filter: Search by Institution, and Show All once a filter is on. */
export function InstitutionFilter({ active, onSearch, onShowAll }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(active === null ? '' : String(active));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value === '') return setError(t('admin.institutionParameters.idRequired'));
    if (!/^\d+$/.test(value) || Number(value) <= 0) return setError(t('admin.institutionParameters.idInvalid'));
    onSearch(Number(value));
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label={t('admin.institutionParameters.filterLabel')}
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, mb: 2 }}
    >
      <TextField
        id="institution-filter"
        label={t('admin.institutionParameters.institutionId')}
        type="number"
        size="small"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? t('admin.institutionParameters.filterHint')}
        slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        sx={{ width: { xs: '100%', sm: 320 } }}
      />
      <Button type="submit" variant="outlined" startIcon={<Search />} sx={{ height: 40 }}>
        {t('admin.institutionParameters.search')}
      </Button>
      <Button
        variant="text"
        disabled={active === null}
        onClick={() => {
          setText('');
          setError(null);
          onShowAll();
        }}
        sx={{ height: 40 }}
      >
        {t('admin.institutionParameters.showAll')}
      </Button>
    </Box>
  );
}
