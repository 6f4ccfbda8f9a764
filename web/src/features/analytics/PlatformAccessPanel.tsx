import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { shownMessage } from '../../api/errorMessage';
import { useCanWrite } from '../../session/useCanWrite';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { TextInput } from '../../shared/TextInput';
import {
  useIssuePlatformAccessMutation,
  usePlatformAccessesQuery,
  useRevokePlatformAccessMutation,
  type IssuedAccess,
} from './dictionaryApi';

const code = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** Administrators: platform-wide read access (every institution) for a compliance or risk analyst; the password shown once. */
export function PlatformAccessPanel() {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const { data: accesses = [] } = usePlatformAccessesQuery();
  const [issue, issuing] = useIssuePlatformAccessMutation();
  const [revoke, revoking] = useRevokePlatformAccessMutation();
  const [label, setLabel] = useState('');
  const [issued, setIssued] = useState<IssuedAccess | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const active = accesses.filter((access) => access.scope === 'platform' && access.revokedAt === null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const answer = await issue({ label: label.trim() || 'Analyst' });
    if ('error' in answer) setFailure(shownMessage(answer.error) ?? t('dictionary.platform.failed'));
    else {
      setIssued(answer.data);
      setLabel('');
    }
  };
  const end = async (role: string) => {
    setFailure(null);
    const answer = await revoke(role);
    if ('error' in answer) setFailure(shownMessage(answer.error) ?? t('dictionary.platform.failed'));
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="platform-access" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <Typography id="platform-access" variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
        {t('dictionary.platform.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('dictionary.platform.hint')}
      </Typography>
      <ErrorBanner message={failure} onClose={() => setFailure(null)} />
      {issued && (
        <Alert severity="success" sx={{ mb: 1.5 }} onClose={() => setIssued(null)}>
          <Typography>{t('dictionary.platform.issued')}</Typography>
          <Box component="p" sx={{ ...code, my: 0.5 }}>
            {t('dictionary.role')}: {issued.role}
          </Box>
          <Box component="p" sx={{ ...code, my: 0.5 }}>
            {t('dictionary.platform.password')}: {issued.password}
          </Box>
        </Alert>
      )}
      {canWrite && (
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          onSubmit={(event) => void submit(event)}
          sx={{ mb: 1.5 }}
        >
          <Box sx={{ flex: 1 }}>
            <TextInput
              id="platform-access-label"
              label={t('dictionary.platform.label')}
              value={label}
              onChange={(event) => setLabel(event.target.value)}
            />
          </Box>
          <Button type="submit" variant="contained" disabled={issuing.isLoading}>
            {t('dictionary.platform.issue')}
          </Button>
        </Stack>
      )}
      {active.length === 0 ? (
        <Typography variant="body2">{t('dictionary.platform.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {active.map((access) => (
            <Stack
              component="li"
              key={access.role}
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, py: 0.5 }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={code}>{access.role}</Typography>
                <Typography variant="body2">{access.label}</Typography>
              </Box>
              {canWrite && (
                <Button
                  color="error"
                  disabled={revoking.isLoading}
                  onClick={() => void end(access.role)}
                  aria-label={t('dictionary.platform.revokeRole', { role: access.role })}
                >
                  {t('dictionary.platform.revoke')}
                </Button>
              )}
            </Stack>
          ))}
        </Box>
      )}
    </Paper>
  );
}
