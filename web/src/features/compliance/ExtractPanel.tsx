import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownloadFileMutation } from '../../api/downloadApi';
import { errorMessage } from '../../api/errorMessage';
import { OutlinedField } from '../../shared/OutlinedField';
import { ToggleGroup } from '../../shared/ToggleGroup';
import { extractRequest, type ExtractForm, type ExtractScope } from './extractRequest';

/** An extract of one stream or a range of positions, as JSON Lines with each event's hash, for the offline check. */
export function ExtractPanel() {
  const { t } = useTranslation();
  const [form, setForm] = useState<ExtractForm>({ scope: 'range', stream: '', from: '', to: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [download, { isLoading }] = useDownloadFileMutation();
  const edit = (changes: Partial<ExtractForm>) => {
    setForm((current) => ({ ...current, ...changes }));
    setProblem(null);
  };
  const submit = async () => {
    const request = extractRequest(form);
    if ('error' in request) return setProblem(t(`compliance.extract.errors.${request.error}`));
    const answer = await download(request);
    if ('error' in answer) setProblem(errorMessage(answer.error, t('compliance.extract.failed')));
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="extract-title" sx={{ p: 2, mb: 3 }}>
      <Typography id="extract-title" variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 700, m: 0 }}>
        {t('compliance.extract.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('compliance.extract.hint')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
      >
        <ToggleGroup<ExtractScope>
          label={t('compliance.extract.scope')}
          value={form.scope}
          onChange={(scope) => edit({ scope })}
          options={[
            { value: 'range', label: t('compliance.extract.range') },
            { value: 'stream', label: t('compliance.extract.stream') },
          ]}
        />
        {form.scope === 'stream' ? (
          <Box sx={{ flex: '1 1 240px', maxWidth: 360 }}>
            <OutlinedField id="extract-stream" label={t('compliance.extract.streamId')} error={problem !== null}>
              <input
                id="extract-stream"
                value={form.stream}
                placeholder="institution-1"
                aria-invalid={problem !== null || undefined}
                onChange={(event) => edit({ stream: event.target.value })}
              />
            </OutlinedField>
          </Box>
        ) : (
          <>
            <Box sx={{ flex: '1 1 120px', maxWidth: 180 }}>
              <OutlinedField id="extract-from" label={t('compliance.extract.from')} error={problem !== null}>
                <input
                  id="extract-from"
                  inputMode="numeric"
                  value={form.from}
                  aria-invalid={problem !== null || undefined}
                  onChange={(event) => edit({ from: event.target.value })}
                />
              </OutlinedField>
            </Box>
            <Box sx={{ flex: '1 1 120px', maxWidth: 180 }}>
              <OutlinedField id="extract-to" label={t('compliance.extract.to')} error={problem !== null}>
                <input
                  id="extract-to"
                  inputMode="numeric"
                  value={form.to}
                  aria-invalid={problem !== null || undefined}
                  onChange={(event) => edit({ to: event.target.value })}
                />
              </OutlinedField>
            </Box>
          </>
        )}
        <Button type="submit" variant="outlined" startIcon={<FileDownload />} disabled={isLoading}>
          {isLoading ? t('compliance.extract.downloading') : t('compliance.extract.download')}
        </Button>
      </Box>
      {problem && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      )}
    </Paper>
  );
}
