import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../app/languages';

type Props = { tone?: 'light' | 'dark' };

/** English or French; the choice is remembered on the device (see app/i18n.ts). */
export function LanguageSwitch({ tone = 'light' }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const names: Record<string, string> = { en: t('common.english'), fr: t('common.french') };
  const dark = tone === 'dark';
  return (
    <FormControl
      size="small"
      sx={{
        minWidth: 124,
        flexShrink: 0,
        ...(dark && {
          '& .MuiInputLabel-root, & .MuiInputLabel-root.Mui-focused': { color: '#ffffff' },
          '& .MuiNativeSelect-select, & .MuiNativeSelect-icon': { color: '#ffffff' },
          '& .MuiOutlinedInput-notchedOutline, &:hover .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.75)' },
          '& option': { color: '#17212b' },
        }),
      }}
    >
      <InputLabel htmlFor={id} shrink>
        {t('common.language')}
      </InputLabel>
      <NativeSelect
        id={id}
        value={current}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
        input={<OutlinedInput label={t('common.language')} notched />}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {names[language]}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
