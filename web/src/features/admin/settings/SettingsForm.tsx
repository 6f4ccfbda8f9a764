import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { PasswordField } from '../../../shared/PasswordField';
import { TextInput } from '../../../shared/TextInput';
import { useForm } from '../../../shared/useForm';
import { email, required, type Schema } from '../../../shared/validation';
import { CURRENCIES, useSaveSystemSettingsMutation, type StoredSettings } from './settingsApi';

type Values = {
  systemName: string;
  adminEmail: string;
  defaultCurrency: string;
  dataRetentionDays: string;
  enableNotifications: boolean;
  enableAuditLogging: boolean;
  enableBatchProcessing: boolean;
  apiEndpoint: string;
  apiKey: string;
};

/** Spec §5, Settings, with the server's own messages. */
const rules: Schema<Values> = {
  systemName: [required('admin.settings.rules.systemName')],
  adminEmail: [required('admin.settings.rules.adminEmail'), email()],
  defaultCurrency: [required('admin.settings.rules.currency')],
  dataRetentionDays: [
    required('admin.settings.rules.retention'),
    {
      fails: (value) => String(value).trim() !== '' && !(Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 36_500),
      message: 'admin.settings.rules.retentionRange',
    },
  ],
};

const SWITCHES = ['enableNotifications', 'enableAuditLogging', 'enableBatchProcessing'] as const;

type Props = { settings: StoredSettings; onDone: (saved?: string) => void };

/** The settings in edit mode: Save sends the whole form (a blank API key keeps the current one); Reset discards the changes. */
export function SettingsForm({ settings, onDone }: Props) {
  const { t } = useTranslation();
  const form = useForm<Values>(
    {
      systemName: settings.systemName,
      adminEmail: settings.adminEmail,
      defaultCurrency: settings.defaultCurrency,
      dataRetentionDays: String(settings.dataRetentionDays),
      enableNotifications: settings.enableNotifications,
      enableAuditLogging: settings.enableAuditLogging,
      enableBatchProcessing: settings.enableBatchProcessing,
      apiEndpoint: settings.apiEndpoint,
      apiKey: '',
    },
    rules,
  );
  const [save, { isLoading }] = useSaveSystemSettingsMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.validate()) return;
    const { values } = form;
    const result = await save({
      ...values,
      systemName: values.systemName.trim(),
      adminEmail: values.adminEmail.trim(),
      apiEndpoint: values.apiEndpoint.trim(),
      apiKey: values.apiKey.trim(),
      dataRetentionDays: Number(values.dataRetentionDays),
    });
    if (result.error) return setError(errorMessage(result.error, t('admin.settings.saveFailed')));
    onDone(t('admin.settings.saved'));
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextInput
          {...form.textProps('systemName')}
          id="settings-system-name"
          label={t('admin.settings.systemName')}
          required
          disabled={isLoading}
          helperText={form.message('systemName')}
        />
        <TextInput
          {...form.textProps('adminEmail')}
          id="settings-admin-email"
          label={t('admin.settings.adminEmail')}
          type="email"
          required
          disabled={isLoading}
          helperText={form.message('adminEmail')}
        />
        <TextField
          select
          fullWidth
          margin="normal"
          id="settings-currency"
          label={t('admin.settings.defaultCurrency')}
          value={form.values.defaultCurrency}
          onChange={(event) => form.setValue('defaultCurrency', event.target.value)}
          disabled={isLoading}
          error={form.errors.defaultCurrency !== undefined}
          helperText={form.message('defaultCurrency') ?? t('admin.settings.currencyHint')}
        >
          {[...new Set([...CURRENCIES, settings.defaultCurrency])].map((code) => (
            <MenuItem key={code} value={code}>
              {code}
            </MenuItem>
          ))}
        </TextField>
        <TextInput
          {...form.textProps('dataRetentionDays')}
          id="settings-retention"
          label={t('admin.settings.dataRetentionDays')}
          type="number"
          required
          disabled={isLoading}
          helperText={form.message('dataRetentionDays') ?? t('admin.settings.retentionHint')}
        />
        <TextInput
          {...form.textProps('apiEndpoint')}
          id="settings-api-endpoint"
          label={t('admin.settings.apiEndpoint')}
          type="url"
          disabled={isLoading}
          helperText={t('admin.settings.apiEndpointHint')}
        />
        <PasswordField
          {...form.textProps('apiKey')}
          id="settings-api-key"
          label={t('admin.settings.apiKey')}
          autoComplete="off"
          disabled={isLoading}
          helperText={settings.apiKeySet ? t('admin.settings.apiKeyKeep') : t('admin.settings.apiKeyNone')}
        />
      </Box>
      <Box sx={{ mt: 2, display: 'grid', gap: 1 }}>
        {SWITCHES.map((name) => (
          <Box key={name}>
            <FormControlLabel
              control={
                <Switch checked={form.values[name]} onChange={(event) => form.setValue(name, event.target.checked)} disabled={isLoading} />
              }
              label={t(`admin.settings.${name}`)}
            />
            <FormHelperText sx={{ mt: -0.5, ml: 6 }}>{t(`admin.settings.${name}Hint`)}</FormHelperText>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 3 }}>
        <Button onClick={() => onDone()} disabled={isLoading}>
          {t('admin.settings.reset')}
        </Button>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? t('admin.common.saving') : t('admin.settings.save')}
        </Button>
      </Box>
    </Box>
  );
}
