import { formatNumber } from '../../shared/formatting';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Money } from '../../shared/Money';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import type { Reproduction, ReproductionDifference } from './complianceApi';
import { SectionTitle } from './SectionTitle';

type Terms = NonNullable<ReproductionDifference['stored']>;

function TermsText({ terms, rejection }: { terms: Terms | null; rejection?: string | null }) {
  const { t, i18n } = useTranslation();
  if (!terms) return <span className="muted">{rejection ?? t('compliance.replay.notScored')}</span>;
  return (
    <>
      <Money amount={terms.creditLimit} /> · {formatNumber(terms.interestRate, i18n.language, 2)} %
      <span className="muted" style={{ display: 'block' }}>
        {t('compliance.replay.weights', { cl: terms.creditLimitWeights, ir: terms.interestRateWeights })}
      </span>
    </>
  );
}

/** Whether replaying the batch under its upload's model gave back every stored result exactly, and the first differences. */
export function ReproductionPanel({ reproduction }: { reproduction: Reproduction | null }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  if (reproduction === null) return <Alert severity="info">{t('compliance.replay.failedBatch')}</Alert>;
  return (
    <Box component="section" aria-labelledby="reproduction-title">
      <SectionTitle id="reproduction-title" level={3}>
        {t('compliance.replay.reproductionTitle')}
      </SectionTitle>
      <Alert severity={reproduction.exact ? 'success' : 'error'} sx={{ mb: 2 }}>
        <AlertTitle>
          {reproduction.exact
            ? t('compliance.replay.reproducedExactly', { reproduced: number(reproduction.reproduced), total: number(reproduction.total) })
            : t('compliance.replay.reproducedOnly', { reproduced: number(reproduction.reproduced), total: number(reproduction.total) })}
        </AlertTitle>
        {t('compliance.replay.storedResults', { count: reproduction.storedResults, stored: number(reproduction.storedResults) })}
        {reproduction.storedWithoutRecord > 0 && (
          <div>{t('compliance.replay.storedWithoutRecord', { count: reproduction.storedWithoutRecord })}</div>
        )}
      </Alert>
      {reproduction.differences.length > 0 && (
        <TableContainer role="region" aria-label={t('compliance.replay.differencesTitle')}>
          <Table fitPhoneFrom={720}>
            <TableHead>
              <TableRow>
                <TableCell>{t('compliance.replay.columns.record')}</TableCell>
                <TableCell>{t('compliance.replay.columns.fields')}</TableCell>
                <TableCell>{t('compliance.replay.columns.stored')}</TableCell>
                <TableCell>{t('compliance.replay.columns.replayed')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {reproduction.differences.map((difference) => (
                <TableRow key={difference.rowNumber}>
                  <TableCell>
                    {t('compliance.replay.row', { row: difference.rowNumber })}
                    <span className="muted" style={{ display: 'block' }}>
                      {difference.reference}
                    </span>
                  </TableCell>
                  <TableCell>
                    {difference.fields.map((field) => t(`compliance.replay.fields.${field}`, { defaultValue: field })).join(', ')}
                  </TableCell>
                  <TableCell>
                    <TermsText terms={difference.stored} />
                  </TableCell>
                  <TableCell>
                    <TermsText terms={difference.replayed} rejection={difference.rejection} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
