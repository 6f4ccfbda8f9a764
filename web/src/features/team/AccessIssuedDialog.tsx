import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssuedAccess } from './teamApi';

type Props = { access: IssuedAccess | null; memberName: string; onClose: () => void };

/** The connection details and the password of an access just issued: shown this once, each copyable. */
export function AccessIssuedDialog({ access, memberName, onClose }: Props) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const [copied, setCopied] = useState<string | null>(null);
  if (!access) return null;
  const uri = `postgresql://${access.role}@${access.host}:${access.port}/${access.database}?sslmode=${access.sslmode}`;
  const rows: [string, string, string][] = [
    ['host', t('team.access.host'), access.host],
    ['port', t('team.access.port'), String(access.port)],
    ['database', t('team.access.database'), access.database],
    ['user', t('team.access.user'), access.role],
    ['password', t('team.access.password'), access.password],
    ['sslmode', t('team.access.sslmode'), access.sslmode],
    ['uri', t('team.access.uri'), uri],
  ];
  const copy = (key: string, value: string) =>
    void navigator.clipboard?.writeText(value).then(
      () => setCopied(key),
      () => setCopied(null),
    );
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('team.access.issuedTitle', { name: memberName })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('team.access.onceWarning')}
        </Alert>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2 }}>
          {rows.map(([key, label, value]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600, pt: 1 }}>
                {label}
              </Typography>
              <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                <Box
                  component="code"
                  data-field={key}
                  sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontFamily: 'monospace', bgcolor: 'action.hover', px: 1, py: 0.5 }}
                >
                  {value}
                </Box>
                <IconButton aria-label={t('team.access.copy', { what: label })} onClick={() => copy(key, value)} size="small">
                  <ContentCopy fontSize="small" />
                </IconButton>
              </Box>
            </Box>
          ))}
        </Box>
        <Typography role="status" variant="body2" sx={{ mt: 1, minHeight: '1.5em', color: 'success.main' }}>
          {copied ? t('team.access.copied') : ''}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('team.access.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
