import Box from '@mui/material/Box';
import { WriteOnly } from '../../../session/WriteOnly';
import { useCanWrite } from '../../../session/useCanWrite';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errorMessage';
import { ErrorBanner } from '../../../shared/ErrorBanner';
import { useSnackbar } from '../../../shared/SnackbarProvider';
import { InstitutionValueField } from './InstitutionValueField';
import { useSetInstitutionValuesMutation, useValuesOfInstitutionQuery, type InstitutionParameterValue } from './parametersApi';
import { Skeleton } from '../../../shared/Skeleton';

type Props = { institutionId: number };

/** Edits as typed, keyed by parameter; they belong to the values they were typed over and are dropped when fresh ones arrive. */
type Draft = { base: InstitutionParameterValue[] | undefined; texts: Record<number, string> };

const isModified = (text: string | undefined, saved: number) => text !== undefined && (text.trim() === '' || Number(text) !== saved);

/** One institution's values (step 0.01): Modified marks against what is saved, Save disabled until something changes. */
export function InstitutionValuesForm({ institutionId }: Props) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const { data, isLoading, error } = useValuesOfInstitutionQuery(institutionId);
  const [save, { isLoading: saving }] = useSetInstitutionValuesMutation();
  const canWrite = useCanWrite();
  const [draft, setDraft] = useState<Draft>({ base: undefined, texts: {} });
  const [fieldErrors, setFieldErrors] = useState<Record<number, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const texts = draft.base === data ? draft.texts : {};
  const parameters = data ?? [];
  const modified = parameters.filter((parameter) => isModified(texts[parameter.parameterId], parameter.value));

  const edit = (parameterId: number, text: string) => {
    setDraft({ base: data, texts: { ...texts, [parameterId]: text } });
    setFieldErrors(({ [parameterId]: _cleared, ...rest }) => rest);
  };

  const submit = async () => {
    const errors: Record<number, string> = {};
    for (const parameter of modified) {
      const text = texts[parameter.parameterId].trim();
      if (text === '' || !Number.isFinite(Number(text)))
        errors[parameter.parameterId] = t('parameters.valueRequired', { name: parameter.name });
    }
    setFieldErrors(errors);
    setBanner(null);
    if (Object.keys(errors).length > 0) return;
    const result = await save({
      institutionId,
      parameters: modified.map((parameter) => ({ parameterId: parameter.parameterId, value: Number(texts[parameter.parameterId]) })),
    });
    if (!result.error) return snackbar(t('admin.institutionParameters.saved'));
    const message = errorMessage(result.error, t('admin.institutionParameters.saveFailed'));
    // The server names the parameter it refuses ("Minimum Credit Limit must be between …"): show it on that field.
    const owner = [...parameters].sort((a, b) => b.name.length - a.name.length).find((parameter) => message.startsWith(parameter.name));
    if (owner) setFieldErrors({ [owner.parameterId]: message });
    else setBanner(message);
  };

  if (isLoading) return <Skeleton variant="rounded" height={280} />;
  return (
    <>
      <ErrorBanner
        message={banner ?? (error ? errorMessage(error, t('admin.institutionParameters.loadFailed')) : null)}
        onClose={() => setBanner(null)}
      />
      {data && data.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography>{t('admin.institutionParameters.empty')}</Typography>
        </Paper>
      )}
      {parameters.length > 0 && (
        <Paper
          variant="outlined"
          component="form"
          noValidate
          aria-label={t('admin.institutionParameters.formLabel')}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' }, alignItems: 'start' }}>
            {parameters.map((parameter) => (
              <InstitutionValueField
                key={parameter.parameterId}
                parameter={parameter}
                text={texts[parameter.parameterId] ?? String(parameter.value)}
                modified={isModified(texts[parameter.parameterId], parameter.value)}
                error={fieldErrors[parameter.parameterId] ?? null}
                disabled={saving || !canWrite}
                onChange={(text) => edit(parameter.parameterId, text)}
              />
            ))}
          </Box>
          <WriteOnly>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ mt: 3, alignItems: { sm: 'center' }, justifyContent: 'flex-end' }}
            >
              <Typography color="text.secondary" role="status" sx={{ flex: 1 }}>
                {modified.length === 0
                  ? t('admin.institutionParameters.noChanges')
                  : t('admin.institutionParameters.changeCount', { count: modified.length })}
              </Typography>
              <Button
                variant="outlined"
                disabled={modified.length === 0 || saving}
                onClick={() => {
                  setDraft({ base: data, texts: {} });
                  setFieldErrors({});
                }}
              >
                {t('admin.institutionParameters.discard')}
              </Button>
              <Button type="submit" variant="contained" disabled={modified.length === 0 || saving}>
                {saving ? t('admin.common.saving') : t('admin.institutionParameters.save')}
              </Button>
            </Stack>
          </WriteOnly>
        </Paper>
      )}
    </>
  );
}
