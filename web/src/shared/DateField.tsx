import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateInputPattern, dateInputText, parseDateInput } from './dateInput';
import { OutlinedField } from './OutlinedField';
import { PlainIcon } from './PlainIcon';

type Props = {
  /** The text input's id, which the label names. */
  id: string;
  label: string;
  /** An ISO date (2026-01-05), or with `withTime` a local date-time to the second (2026-01-05T14:03:09); '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** With the time of day, to the second. */
  withTime?: boolean;
  /** Bounds the calendar offers (a range's other end), as ISO values. */
  min?: string;
  max?: string;
  /** Drawn in the error colour and said invalid (a range out of order). */
  error?: boolean;
  className?: string;
};

type Typed = { text: string; value: string };

/**
 * A date (or date and time) written and read in the page's language, whatever the browser's: dd/mm/yyyy
 * in English (en-CM) and jj/mm/aaaa in French, where a native date input follows the browser's locale.
 * The value stays ISO. A complete, real date is handed on as it is typed; an incomplete one waits and is
 * flagged when the field is left. The calendar button opens the browser's own picker on a hidden
 * native input, so phones keep their wheel and nothing heavy is loaded for a calendar.
 */
export function DateField({ id, label, value, onChange, withTime = false, min, max, error = false, className }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const picker = useRef<HTMLInputElement>(null);
  // What was typed, for as long as the value is still the one it gave (a URL change or Clear replaces it).
  const [typed, setTyped] = useState<Typed | null>(null);
  const [left, setLeft] = useState(false);
  const text = typed !== null && typed.value === value ? typed.text : dateInputText(value, language, withTime);
  const invalid = left && parseDateInput(text, language, withTime) === null;
  const pattern = dateInputPattern(
    language,
    {
      day: t('common.dateField.day'),
      month: t('common.dateField.month'),
      year: t('common.dateField.year'),
      hour: t('common.dateField.hour'),
      minute: t('common.dateField.minute'),
      second: t('common.dateField.second'),
    },
    withTime,
  );

  const type = (next: string) => {
    setLeft(false);
    const parsed = parseDateInput(next, language, withTime);
    if (parsed === null) return setTyped({ text: next, value });
    // A pasted ISO date is complete: shown at once as the language writes it. A typed one stays as typed.
    setTyped(/^\d{4}-/.test(next.trim()) ? null : { text: next, value: parsed });
    if (parsed !== value) onChange(parsed);
  };

  const openCalendar = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      // A browser without showPicker: the typed field is still there.
      document.getElementById(id)?.focus();
    }
  };

  return (
    <OutlinedField id={id} label={label} error={error || invalid} className={['with-button', className].filter(Boolean).join(' ')}>
      <input
        id={id}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={pattern}
        title={t('common.dateField.format', { pattern })}
        value={text}
        aria-invalid={error || invalid || undefined}
        onChange={(event) => type(event.target.value)}
        onBlur={() => {
          setLeft(true);
          // A date typed loosely (5/1/26) is shown as the language writes it once the field is left.
          if (parseDateInput(text, language, withTime) !== null) setTyped(null);
        }}
      />
      <button type="button" className="field-button" aria-label={t('common.dateField.openCalendar')} onClick={openCalendar}>
        <PlainIcon icon="calendar" />
      </button>
      <input
        ref={picker}
        className="field-picker"
        type={withTime ? 'datetime-local' : 'date'}
        step={withTime ? 1 : undefined}
        tabIndex={-1}
        aria-hidden="true"
        value={value}
        min={min}
        max={max}
        onChange={(event) => {
          setTyped(null);
          setLeft(false);
          if (event.target.value !== value) onChange(withTime ? secondsOf(event.target.value) : event.target.value);
        }}
      />
    </OutlinedField>
  );
}

/** A native date-time input leaves the seconds out when they are 0. */
const secondsOf = (value: string) => (/T\d{2}:\d{2}$/.test(value) ? `${value}:00` : value);
