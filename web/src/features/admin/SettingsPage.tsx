import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import { WriteOnly } from '../../session/WriteOnly';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { formatDate } from '../../shared/formatting';
import { useSnackbar } from '../../shared/SnackbarProvider';
import { PageHeader } from '../../shared/PageHeader';
import { Facts } from './common/Facts';
import { StatusChip } from '../../shared/StatusChip';
import { SettingsForm } from './settings/SettingsForm';
import { useSystemSettingsQuery } from './settings/settingsApi';
import { SystemInformation } from './settings/SystemInformation';
import { Skeleton } from '../../shared/Skeleton';

/** System Settings (/admin/settings): the settings in read mode, edit mode with Save and Reset, and the system information. */
export function SettingsPage() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const { data, error } = useSystemSettingsQuery();
  const [editing, setEditing] = useState(false);
  const onOff = (value: boolean) => (
    <StatusChip label={value ? t('admin.settings.on') : t('admin.settings.off')} tone={value ? 'good' : 'neutral'} />
  );
  return (
    <>
      <PageHeader
        title={t('pages.settings')}
        subtitle={t('admin.settings.subtitle')}
        actions={
          !editing && data ? (
            <WriteOnly>
              <Button variant="contained" startIcon={<Edit />} onClick={() => setEditing(true)}>
                {t('admin.settings.edit')}
              </Button>
            </WriteOnly>
          ) : undefined
        }
      />
      <ErrorBanner message={error ? errorMessage(error, t('admin.settings.loadFailed')) : null} onClose={() => undefined} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" component="section" aria-labelledby="general-settings-title" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
          <Typography id="general-settings-title" variant="h2" component="h2">
            {t('admin.settings.generalTitle')}
          </Typography>
          {data?.updatedAt && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('admin.settings.lastSaved', { date: formatDate(data.updatedAt, i18n.language, 'dateTime'), name: data.updatedBy ?? '' })}
            </Typography>
          )}
          {!data && !error && <Skeleton variant="rectangular" height={240} sx={{ mt: 2 }} />}
          {data && editing && (
            <SettingsForm
              settings={data}
              onDone={(saved) => {
                setEditing(false);
                if (saved) snackbar(saved);
              }}
            />
          )}
          {data && !editing && (
            <Box sx={{ mt: 2 }}>
              <Facts
                items={[
                  { label: t('admin.settings.systemName'), value: data.systemName },
                  { label: t('admin.settings.adminEmail'), value: data.adminEmail },
                  { label: t('admin.settings.defaultCurrency'), value: data.defaultCurrency },
                  { label: t('admin.settings.dataRetentionDays'), value: t('admin.settings.days', { value: data.dataRetentionDays }) },
                  { label: t('admin.settings.enableNotifications'), value: onOff(data.enableNotifications) },
                  { label: t('admin.settings.enableAuditLogging'), value: onOff(data.enableAuditLogging) },
                  { label: t('admin.settings.enableBatchProcessing'), value: onOff(data.enableBatchProcessing) },
                  { label: t('admin.settings.apiEndpoint'), value: data.apiEndpoint || t('admin.settings.notSet') },
                  { label: t('admin.settings.apiKey'), value: data.apiKeySet ? t('admin.settings.apiKeySet') : t('admin.settings.notSet') },
                ]}
              />
            </Box>
          )}
        </Paper>
        <SystemInformation />
      </Box>
    </>
  );
}
