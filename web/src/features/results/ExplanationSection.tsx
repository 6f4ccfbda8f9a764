import { formatNumber, numberFormat } from '../../shared/formatting';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { reasonSentence } from '../../api/serverText';
import type { Detailed } from './api';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';

const MASK = '••••';
/**
 * A category's card: its name and figures (MUI's small chips' look, as plain spans), its table fixed-width
 * from tablets up, scrolling sideways below 480 px. One style object for every card.
 */
const CATEGORY = {
  p: { xs: 2, sm: 2.5 },
  '& .category-head': {
    display: 'flex',
    flexDirection: { xs: 'column', md: 'row' },
    gap: 1,
    justifyContent: 'space-between',
    alignItems: { md: 'center' },
    mb: 1,
  },
  '& .category-head h3': { m: 0, typography: 'h3', fontSize: '1.1rem', fontWeight: 700 },
  '& .category-figures': { display: 'flex', flexWrap: 'wrap', gap: 1 },
  '& .figure-chip': {
    display: 'inline-flex',
    alignItems: 'center',
    height: 24,
    px: 1,
    borderRadius: '16px',
    border: '1px solid #bdbdbd',
    fontSize: '0.8125rem',
    whiteSpace: 'nowrap',
  },
  '& .figure-chip.filled': { border: '1px solid transparent', bgcolor: 'rgba(0, 0, 0, 0.08)', fontWeight: 700 },
  '& .explanation-table': { tableLayout: { sm: 'fixed' }, minWidth: 480 },
  '& .missing': { color: 'text.secondary' },
} as const;

/** The explanation: each category's score, weights and share of both sums; each variable; the reason codes. */
export function ExplanationSection({ explanation }: { explanation: Detailed['explanation'] }) {
  const { t, i18n } = useTranslation();
  const percent = (value: number) =>
    numberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  const decimal = (value: number | null) => (value === null ? '—' : formatNumber(value, i18n.language, 3));
  if (!explanation) {
    return <Typography color="text.secondary">{t('results.explanationNone')}</Typography>;
  }
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} component="section" aria-labelledby="reasons-title">
        <Typography id="reasons-title" variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1 }}>
          {t('results.reasons')}
        </Typography>
        {explanation.reasons.length === 0 ? (
          <Typography color="text.secondary">{t('results.noReasons')}</Typography>
        ) : (
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {explanation.reasons.map((reason) => (
              <Typography component="li" key={reason.variableId} sx={{ mb: 0.5 }}>
                {reasonSentence(reason, i18n)}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({reason.uniqueCode})
                </Typography>
              </Typography>
            ))}
          </Box>
        )}
      </Paper>
      {explanation.categories.map((category) => (
        <Paper key={category.categoryId} variant="outlined" sx={CATEGORY} component="section" aria-label={category.name}>
          <div className="category-head">
            <h3>{category.name}</h3>
            <div className="category-figures">
              <span className="figure-chip filled">{`${t('results.categoryScore')} ${percent(category.score)}`}</span>
              <span className="figure-chip">
                {`${t('results.weights')} ${formatNumber(category.creditLimitWeight, i18n.language)} / ${formatNumber(category.interestRateWeight, i18n.language)}`}
              </span>
              <span className="figure-chip">{`${t('results.shares')} ${percent(category.creditLimitShare)} / ${percent(category.interestRateShare)}`}</span>
            </div>
          </div>
          <TableContainer>
            <Table aria-label={category.name} className="explanation-table">
              <TableHead>
                <TableRow>
                  <TableCell style={{ width: '34%' }}>{t('results.variable')}</TableCell>
                  <TableCell>{t('results.rawValue')}</TableCell>
                  <TableCell align="right">{t('results.normalised')}</TableCell>
                  <TableCell align="right">{t('results.proportion')}</TableCell>
                  <TableCell align="right">{t('results.contribution')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {category.variables.map((variable) => (
                  <TableRow key={variable.variableId}>
                    <TableCell style={{ minWidth: 140 }}>{variable.name}</TableCell>
                    <TableCell nowrap>
                      {variable.rawValue === MASK ? (
                        <span aria-label={t('results.masked')} title={t('results.masked')}>
                          {MASK}
                        </span>
                      ) : variable.missing || variable.rawValue === null ? (
                        <span className="missing">{t('results.missing')}</span>
                      ) : (
                        variable.rawValue
                      )}
                    </TableCell>
                    <TableCell align="right">{decimal(variable.n)}</TableCell>
                    <TableCell align="right">{`${formatNumber(variable.proportion, i18n.language)} %`}</TableCell>
                    <TableCell align="right">{decimal(variable.contribution)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      ))}
    </Stack>
  );
}
