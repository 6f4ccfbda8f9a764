import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { describedEntry } from '../../../api/serverText';
import { formatDate } from '../../../shared/formatting';
import { RouterLink } from '../../../shared/RouterLink';
import { Facts } from '../common/Facts';
import { ActionChip } from './ActionChip';
import type { AuditEntry } from './auditApi';

type Props = { entry: AuditEntry | null; onClose: () => void };

const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The event behind one audit row: who, when, from where, and the facts it recorded. */
export function AuditDrawer({ entry, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const details = Object.entries(entry?.details ?? {});
  return (
    <Drawer
      anchor="right"
      open={entry !== null}
      onClose={onClose}
      slotProps={{
        paper: { role: 'dialog', 'aria-modal': true, 'aria-labelledby': 'audit-drawer-title', sx: { width: { xs: '100%', sm: 480 } } },
      }}
    >
      {entry && (
        <Box sx={{ p: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
            <Typography id="audit-drawer-title" variant="h2" component="h2">
              {t('admin.audit.detailsTitle')}
            </Typography>
            <IconButton aria-label={t('admin.audit.closeDetails')} onClick={onClose}>
              <Close />
            </IconButton>
          </Box>
          <Box sx={{ mb: 2 }}>
            <ActionChip action={entry.action} />
            <Typography sx={{ mt: 1, fontWeight: 600, overflowWrap: 'anywhere' }}>{describedEntry(entry, i18n)}</Typography>
          </Box>
          <Facts
            items={[
              { label: t('admin.audit.who'), value: `${entry.actor.name} (${entry.actor.role} #${entry.actor.id})` },
              { label: t('admin.audit.when'), value: formatDate(entry.timestamp, i18n.language, 'dateTime') },
              { label: t('admin.audit.where'), value: entry.ip ?? t('admin.common.notAvailable') },
              { label: t('admin.audit.userAgent'), value: entry.userAgent ?? t('admin.common.notAvailable') },
              {
                label: t('admin.audit.institution'),
                value: entry.institutionId === null ? t('admin.common.notAvailable') : `REG-${entry.institutionId}`,
              },
              { label: t('admin.audit.event'), value: entry.eventType },
              {
                label: t('admin.audit.position'),
                value: (
                  <RouterLink to={`/admin/compliance/events/${entry.position}`} state={{ back: '/admin/audit' }}>
                    {t('admin.audit.openEvent', { position: entry.position })}
                  </RouterLink>
                ),
              },
              { label: t('admin.audit.correlation'), value: entry.correlationId },
            ]}
          />
          <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1 }}>
            {t('admin.audit.whatChanged')}
          </Typography>
          {details.length === 0 ? (
            <Typography color="text.secondary">{t('admin.audit.noDetails')}</Typography>
          ) : (
            <Box sx={{ bgcolor: '#f3f5f8', borderRadius: 1, p: 2, fontFamily: 'monospace', fontSize: '0.8125rem' }}>
              <Facts items={details.map(([key, value]) => ({ label: key, value: shown(value) }))} />
            </Box>
          )}
        </Box>
      )}
    </Drawer>
  );
}
