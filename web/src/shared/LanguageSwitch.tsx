import type { Theme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../app/languages';

type Props = { tone?: 'light' | 'dark' };

/** Material's arrow_drop_down. */
const ARROW = 'M7 10l5 5 5-5z';

/**
 * The switch's look: MUI's small outlined select with its label on the border (the border drawn, as MUI
 * does, by a fieldset whose hidden legend leaves the gap), given once in the app's global styles
 * (app/globalStyles.ts). Every page shows it; as MUI's FormControl, InputLabel, NativeSelect and
 * OutlinedInput it cost some fifty style rules worked out on every page load.
 */
export const languageSwitchStyles = (theme: Theme) => ({
  '.language-switch': {
    ...theme.typography.body1,
    position: 'relative',
    display: 'inline-flex',
    minWidth: 124,
    flexShrink: 0,
    color: theme.palette.text.primary,
    '& select': {
      ...theme.typography.body1,
      appearance: 'none',
      width: '100%',
      margin: 0,
      padding: '8.5px 32px 8.5px 14px',
      border: 0,
      borderRadius: theme.shape.borderRadius,
      background: 'transparent',
      color: 'inherit',
      cursor: 'pointer',
      outline: 0,
    },
    '& option': { color: theme.palette.text.primary },
    '& label': {
      position: 'absolute',
      left: 0,
      top: 0,
      transform: 'translate(14px, -9px) scale(0.75)',
      transformOrigin: 'top left',
      ...theme.typography.body1,
      lineHeight: '1.4375em',
      whiteSpace: 'nowrap',
      color: theme.palette.text.secondary,
      pointerEvents: 'none',
    },
    '& svg': {
      position: 'absolute',
      right: 7,
      top: 'calc(50% - .5em)',
      width: '1em',
      height: '1em',
      fontSize: '1.5rem',
      fill: 'currentColor',
      pointerEvents: 'none',
      opacity: 0.7,
    },
    '& fieldset': {
      position: 'absolute',
      inset: '-5px 0 0',
      margin: 0,
      padding: '0 8px',
      border: '1px solid rgba(0, 0, 0, 0.23)',
      borderRadius: theme.shape.borderRadius,
      pointerEvents: 'none',
      minWidth: 0,
      overflow: 'hidden',
    },
    '& legend': {
      float: 'unset',
      width: 'auto',
      height: 11,
      padding: 0,
      fontSize: '0.75em',
      visibility: 'hidden',
      whiteSpace: 'nowrap',
      '& span': { paddingLeft: 5, paddingRight: 5, display: 'inline-block' },
    },
    '&:hover fieldset': { borderColor: theme.palette.text.primary },
    '&:focus-within fieldset': { borderWidth: 2, borderColor: theme.palette.primary.main },
    '&:focus-within label': { color: theme.palette.primary.main },
  },
  '.language-switch.dark': {
    color: '#ffffff',
    '& label, &:focus-within label': { color: '#ffffff' },
    '& fieldset, &:hover fieldset, &:focus-within fieldset': { borderColor: 'rgba(255,255,255,0.75)' },
  },
});

/** English or French; the choice is remembered on the device (see app/i18n.ts). */
export function LanguageSwitch({ tone = 'light' }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const names: Record<string, string> = { en: t('common.english'), fr: t('common.french') };
  const label = t('common.language');
  return (
    <div className={tone === 'dark' ? 'language-switch dark' : 'language-switch'}>
      <select id={id} value={current} onChange={(event) => void i18n.changeLanguage(event.target.value)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {names[language]}
          </option>
        ))}
      </select>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={ARROW} />
      </svg>
      <fieldset aria-hidden="true">
        <legend>
          <span>{label}</span>
        </legend>
      </fieldset>
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
