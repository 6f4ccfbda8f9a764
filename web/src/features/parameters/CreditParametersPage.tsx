import { groupedNumber, plainNumber } from '../../shared/numberInput';
import Edit from '@mui/icons-material/Edit';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { shownMessage } from '../../api/errorMessage';
import { messageOf } from '../../api/positionOf';
import { inPageLanguage } from '../../api/serverMessages';
import { templateText } from '../../api/serverText';
import { ErrorBanner } from '../../shared/ErrorBanner';
import { formatDate } from '../../shared/formatting';
import type { ParameterValue } from '../../shared/types';
import { useInstitutionParametersQuery, useResetParametersMutation, useSaveParametersMutation } from './api';
import { ParameterHistory } from './ParameterHistory';
import { rangeOf } from '../../shared/rangeOf';
import { Skeleton } from '../../shared/Skeleton';
import { useMemberMay } from '../../session/MemberMay';

type Draft = Record<number, string>;

const draftOf = (parameters: ParameterValue[]): Draft =>
  Object.fromEntries(parameters.map((parameter) => [parameter.parameterId, String(parameter.value)]));

/** Credit Algorithm Parameters (/parameters, /credit-parameters-config): read-only until Edit Parameters. */
export function CreditParametersPage() {
  const { t, i18n } = useTranslation();
  const textOf = (parameter: ParameterValue, field: 'name' | 'description' | 'recommendedRange') => templateText(parameter, field, i18n);
  const mayEdit = useMemberMay('parameters');
  const navigate = useNavigate();
  const { data, isLoading, error } = useInstitutionParametersQuery();
  const [save, saving] = useSaveParametersMutation();
  const [reset, resetting] = useResetParametersMutation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>({});
  const [info, setInfo] = useState<number | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<number, string>>({});
  const [serverWarnings, setServerWarnings] = useState<Record<number, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const parameters = data ?? [];
  const lastUpdated = parameters
    .map((parameter) => parameter.updatedAt)
    .filter((value): value is string => value !== null)
    .sort()
    .at(-1);

  const startEditing = () => {
    setDraft(draftOf(parameters));
    setFieldErrors({});
    setBanner(null);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setFieldErrors({});
    setBanner(null);
  };

  const warningFor = (parameter: ParameterValue): string | null => {
    const text = editing ? draft[parameter.parameterId] : String(parameter.value);
    const range = rangeOf(parameter.recommendedRange);
    const value = Number(text);
    if (!range || text === '' || !Number.isFinite(value)) return serverWarnings[parameter.parameterId] ?? null;
    return value < range.min || value > range.max ? t('parameters.outOfRange', { range: textOf(parameter, 'recommendedRange') }) : null;
  };

  const submit = async () => {
    const errors: Record<number, string> = {};
    for (const parameter of parameters) {
      const text = (draft[parameter.parameterId] ?? '').trim();
      if (text === '' || !Number.isFinite(Number(text)))
        errors[parameter.parameterId] = t('parameters.valueRequired', { name: textOf(parameter, 'name') });
    }
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setBanner(null);
    try {
      const answer = await save(
        parameters.map((parameter) => ({ parameterId: parameter.parameterId, value: Number(draft[parameter.parameterId]) })),
      ).unwrap();
      toast.success(t('parameters.saved'));
      const warnings = answer.data?.warnings ?? [];
      setServerWarnings(Object.fromEntries(warnings.map((warning) => [warning.parameterId, inPageLanguage(warning.message)])));
      setEditing(false);
      if (warnings.length === 0) void navigate('/workspace-dashboard');
    } catch (failure) {
      const message = shownMessage(failure) ?? t('parameters.saveFailed');
      // The server's message names its parameter first (in English, whatever the page's language).
      const said = messageOf(failure) ?? '';
      const owner = [...parameters].sort((a, b) => b.name.length - a.name.length).find((parameter) => said.startsWith(parameter.name));
      if (owner) setFieldErrors({ [owner.parameterId]: message });
      else setBanner(message);
      toast.error(t('parameters.saveFailed'));
    }
  };

  const resetToDefaults = async () => {
    try {
      await reset().unwrap();
      toast.success(t('parameters.resetDone'));
      setServerWarnings({});
      setFieldErrors({});
      setEditing(false);
    } catch (failure) {
      setBanner(shownMessage(failure) ?? t('parameters.resetFailed'));
    }
  };

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <div>
          <Typography variant="h1" component="h1">
            {t('pages.parameters')}
          </Typography>
          <Typography color="text.secondary">
            {lastUpdated
              ? t('parameters.lastUpdated', { date: formatDate(lastUpdated, i18n.language, 'dateTime') })
              : t('parameters.neverUpdated')}
          </Typography>
        </div>
        {!editing && mayEdit && (
          <Button variant="contained" startIcon={<Edit />} onClick={startEditing} disabled={parameters.length === 0} sx={{ flexShrink: 0 }}>
            {t('parameters.edit')}
          </Button>
        )}
      </Stack>
      <Alert severity="info" variant="outlined" sx={{ bgcolor: '#eef5fb' }}>
        {t('parameters.notice')}
      </Alert>
      <ErrorBanner message={error ? (shownMessage(error) ?? t('parameters.loadFailed')) : banner} onClose={() => setBanner(null)} />
      {isLoading && <Skeleton height={240} />}
      {data && data.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography>{t('parameters.noneAvailable')}</Typography>
        </Paper>
      )}
      {parameters.length > 0 && (
        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, sm: 3 } }}
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
            {parameters.map((parameter) => {
              const id = `parameter-${parameter.parameterId}`;
              const fieldError = fieldErrors[parameter.parameterId];
              const warning = fieldError ? null : warningFor(parameter);
              return (
                <Box key={parameter.parameterId} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <FormControl fullWidth error={Boolean(fieldError)} size="small">
                      <InputLabel htmlFor={id}>{textOf(parameter, 'name')}</InputLabel>
                      <OutlinedInput
                        id={id}
                        label={textOf(parameter, 'name')}
                        required
                        readOnly={!editing}
                        // Grouped in the page's language (5 000 000, 5,000,000) but while typed in.
                        value={
                          editing && focused === id
                            ? (draft[parameter.parameterId] ?? '')
                            : groupedNumber(editing ? (draft[parameter.parameterId] ?? '') : String(parameter.value), i18n.language)
                        }
                        onFocus={() => setFocused(id)}
                        onBlur={() => setFocused(null)}
                        inputProps={{
                          inputMode: 'decimal',
                          role: 'spinbutton',
                          'aria-valuenow': Number(editing ? draft[parameter.parameterId] : parameter.value) || 0,
                          readOnly: !editing,
                          'aria-describedby': `${id}-help`,
                        }}
                        onChange={(event) => {
                          setDraft({ ...draft, [parameter.parameterId]: plainNumber(event.target.value, i18n.language) });
                          setFieldErrors(({ [parameter.parameterId]: _cleared, ...rest }) => rest);
                          setServerWarnings(({ [parameter.parameterId]: _gone, ...rest }) => rest);
                        }}
                        sx={editing ? undefined : { bgcolor: 'background.default' }}
                      />
                      <FormHelperText id={`${id}-help`} sx={warning ? { color: '#8a4b00' } : undefined}>
                        {fieldError ?? warning ?? t('parameters.recommended', { range: textOf(parameter, 'recommendedRange') })}
                      </FormHelperText>
                    </FormControl>
                    <IconButton
                      aria-label={t('parameters.infoAbout', { name: textOf(parameter, 'name') })}
                      aria-expanded={info === parameter.parameterId}
                      onClick={() => setInfo(info === parameter.parameterId ? null : parameter.parameterId)}
                    >
                      <InfoOutlined />
                    </IconButton>
                  </Stack>
                  <Collapse in={info === parameter.parameterId} unmountOnExit>
                    <Box
                      component="dl"
                      sx={{
                        m: 0,
                        mt: 1.5,
                        '& dt': { fontWeight: 700, fontSize: '0.875rem' },
                        '& dd': { m: 0, mb: 1, fontSize: '0.875rem' },
                      }}
                    >
                      <dt>{t('parameters.description')}</dt>
                      <dd>{textOf(parameter, 'description')}</dd>
                      <dt>{t('parameters.recommendedRange')}</dt>
                      <dd>{textOf(parameter, 'recommendedRange')}</dd>
                      <dt>{t('parameters.businessImpact')}</dt>
                      <dd>{t(`parameters.impact.${parameter.impact}`, { defaultValue: parameter.impact })}</dd>
                    </Box>
                  </Collapse>
                </Box>
              );
            })}
          </Box>
          {editing && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end', mt: 3 }}>
              <Button
                color="warning"
                variant="outlined"
                disabled={resetting.isLoading || saving.isLoading}
                onClick={() => void resetToDefaults()}
              >
                {resetting.isLoading ? t('parameters.resetting') : t('parameters.reset')}
              </Button>
              <Button variant="outlined" onClick={cancel} disabled={saving.isLoading}>
                {t('parameters.cancel')}
              </Button>
              <Button type="submit" variant="contained" disabled={saving.isLoading}>
                {saving.isLoading ? t('parameters.saving') : t('parameters.save')}
              </Button>
            </Stack>
          )}
        </Paper>
      )}
      <ParameterHistory />
    </Stack>
  );
}
