import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../shared/formatting';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../shared/table';
import type { RecordedVerification } from './complianceApi';
import { reasonText } from './reasonText';
import { VerificationOutcome } from './VerificationOutcome';

/** The recorded verifications, newest first (each a LogVerified event of the log). */
export function VerificationsTable({ verifications }: { verifications: RecordedVerification[] }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="verifications-title" sx={{ mb: 3 }}>
      <Typography id="verifications-title" variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 700, p: 2, pb: 1 }}>
        {t('compliance.log.verificationsTitle')}
      </Typography>
      <TableContainer role="region" aria-labelledby="verifications-title">
        <Table fitPhoneFrom={720}>
          <TableHead>
            <TableRow>
              <TableCell>{t('compliance.log.columns.when')}</TableCell>
              <TableCell hide="xs">{t('compliance.log.columns.by')}</TableCell>
              <TableCell>{t('compliance.log.columns.outcome')}</TableCell>
              <TableCell hide="xs">{t('compliance.log.columns.details')}</TableCell>
              <TableCell hide="xs" align="right">
                {t('compliance.log.columns.duration')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {verifications.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>{t('compliance.log.noVerifications')}</TableCell>
              </TableRow>
            )}
            {verifications.map((verification) => {
              const details =
                verification.outcome === 'intact'
                  ? t('compliance.log.intactUpTo', { position: number(verification.headPosition) })
                  : `${t('compliance.log.brokenAt', { position: number(verification.brokenAt ?? 0) })}: ${reasonText(verification.reason, t)}`;
              return (
                <TableRow key={verification.position}>
                  <TableCell>
                    {formatDate(verification.verifiedAt, i18n.language, 'dateTime')}
                    <span className="phone-only muted">{verification.by.name}</span>
                  </TableCell>
                  <TableCell hide="xs">{verification.by.name}</TableCell>
                  <TableCell>
                    <VerificationOutcome outcome={verification.outcome} />
                    <span className="phone-only">{details}</span>
                  </TableCell>
                  <TableCell hide="xs">{details}</TableCell>
                  <TableCell hide="xs" align="right" nowrap>
                    {t('compliance.log.seconds', { seconds: formatNumber(verification.durationMs / 1000, i18n.language, 1) })}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
