import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from './languages';
import { OutlinedField } from './OutlinedField';

type Props = { tone?: 'light' | 'dark' };

/** English or French; the choice is remembered on the device (see app/i18n.ts). */
export function LanguageSwitch({ tone = 'light' }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const names: Record<string, string> = { en: t('common.english'), fr: t('common.french') };
  return (
    <OutlinedField id={id} label={t('common.language')} select className={tone === 'dark' ? 'language-switch dark' : 'language-switch'}>
      <select id={id} value={current} onChange={(event) => void i18n.changeLanguage(event.target.value)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {names[language]}
          </option>
        ))}
      </select>
    </OutlinedField>
  );
}
