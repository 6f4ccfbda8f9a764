import { formatNumber } from '../../shared/formatting';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Verification } from './complianceApi';
import { reasonText } from './reasonText';

type Props = { verification: Verification | undefined; running: boolean; onVerify: () => void };

/** Verify now, its progress while the server hashes the chain, then the outcome. */
export function VerifyPanel({ verification, running, onVerify }: Props) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  const outcome = verification?.state === 'done' ? verification.outcome : null;
  const percent = verification && verification.total > 0 ? Math.min(100, (verification.checked / verification.total) * 100) : 0;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="verify-title" sx={{ p: 2, mb: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
          <Typography id="verify-title" variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 700, m: 0 }}>
            {t('compliance.log.verifyTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('compliance.log.verifyHint')}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<VerifiedUser />} onClick={onVerify} disabled={running}>
          {running ? t('compliance.log.verifying') : t('compliance.log.verifyNow')}
        </Button>
      </Box>
      {running && (
        <Box role="status" sx={{ mt: 2 }}>
          <LinearProgress
            variant={verification && verification.total > 0 ? 'determinate' : 'indeterminate'}
            value={percent}
            aria-label={t('compliance.log.progressLabel')}
          />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {verification && verification.total > 0
              ? t('compliance.log.progress', { checked: number(verification.checked), total: number(verification.total) })
              : t('compliance.log.starting')}
          </Typography>
        </Box>
      )}
      {!running && verification?.state === 'failed' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {verification.error ?? t('compliance.log.failed')}
        </Alert>
      )}
      {!running && outcome && (
        <Alert severity={outcome.outcome === 'intact' ? 'success' : 'error'} role="status" sx={{ mt: 2 }}>
          <AlertTitle>
            {outcome.outcome === 'intact'
              ? t('compliance.log.intactUpTo', { position: number(outcome.headPosition) })
              : t('compliance.log.brokenAt', { position: number(outcome.brokenAt) })}
          </AlertTitle>
          {outcome.outcome === 'broken' && <div>{reasonText(outcome.reason, t)}</div>}
          <div>
            {t('compliance.log.checkedIn', {
              checked: number(outcome.checked),
              seconds: formatNumber(outcome.durationMs / 1000, i18n.language, 1),
            })}
          </div>
        </Alert>
      )}
    </Paper>
  );
}
