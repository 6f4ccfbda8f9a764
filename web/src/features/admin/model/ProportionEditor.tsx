import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { modelFigure, modelPercent } from './modelFigure';
import { categoryTotal, shareOf, totalsHundred } from './proportions';

export type OtherShare = { id: number; name: string; value: string };

type Props = {
  categoryName: string;
  ownName: string;
  own: string;
  others: OtherShare[];
  error: string | null;
  disabled: boolean;
  onChange: (id: number, value: string) => void;
  onFit: () => void;
};

/** The chosen category's other variables, editable, with the running total (red unless 100); saved with this variable. */
export function ProportionEditor({ categoryName, ownName, own, others, error, disabled, onChange, onFit }: Props) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const total = categoryTotal(
    own,
    others.map((other) => other.value),
  );
  const complete = totalsHundred(total);
  const row = { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 128px', gap: 1.5, alignItems: 'center' };
  return (
    <Paper variant="outlined" role="group" aria-labelledby={titleId} sx={{ p: 2, mt: 2, borderColor: error ? 'error.main' : undefined }}>
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('admin.variables.proportionsTitle', { category: categoryName })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('admin.variables.proportionsHint')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Box sx={row}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {ownName}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({t('admin.variables.thisVariable')})
            </Typography>
          </Typography>
          <Typography sx={{ textAlign: 'right', pr: 1.5, fontVariantNumeric: 'tabular-nums' }}>
            {modelPercent(shareOf(own), i18n.language)}
          </Typography>
        </Box>
        {others.map((other) => (
          <Box key={other.id} sx={row}>
            <Typography component="label" htmlFor={`share-${other.id}`} sx={{ overflowWrap: 'anywhere' }}>
              {other.name}
            </Typography>
            <TextField
              id={`share-${other.id}`}
              value={other.value}
              onChange={(event) => onChange(other.id, event.target.value)}
              type="number"
              size="small"
              disabled={disabled}
              slotProps={{
                htmlInput: { step: 0.01, min: 0, max: 100, style: { textAlign: 'right' } },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
            />
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1.5 }}>
        <Typography
          role="status"
          data-complete={complete}
          sx={{ fontWeight: 700, color: complete ? 'success.dark' : 'error.main', fontVariantNumeric: 'tabular-nums' }}
        >
          {t('admin.variables.total', { total: modelFigure(total, i18n.language) })}
        </Typography>
        <Button size="small" onClick={onFit} disabled={disabled || complete}>
          {t('admin.variables.fitOthers')}
        </Button>
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Paper>
  );
}
