import Box from '@mui/material/Box';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RESET_CODE_LENGTH } from '../../shared/formRules';

type Props = { digits: string[]; onChange: (digits: string[]) => void; invalid: boolean; disabled?: boolean };

/**
 * Six single-character boxes: typing moves to the next, Backspace on an empty box goes back, and
 * pasting the whole code fills every box.
 */
export function CodeBoxes({ digits, onChange, invalid, disabled = false }: Props) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(RESET_CODE_LENGTH - 1, index))]?.focus();

  const fill = (from: number, text: string) => {
    const incoming = text
      .replace(/\D/g, '')
      .slice(0, RESET_CODE_LENGTH - from)
      .split('');
    if (incoming.length === 0) return;
    const next = [...digits];
    incoming.forEach((digit, offset) => (next[from + offset] = digit));
    onChange(next);
    focus(from + incoming.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const text = event.clipboardData.getData('text');
    // A whole code (as mails and phones copy it, spaces included) fills every box from the first.
    fill(text.replace(/\D/g, '').length === RESET_CODE_LENGTH ? 0 : index, text);
  };

  return (
    <Box
      role="group"
      aria-label={t('reset.codeGroup')}
      sx={{ display: 'flex', gap: { xs: 0.75, sm: 1.25 }, justifyContent: 'center', my: 2 }}
    >
      {digits.map((digit, index) => (
        <Box
          key={index}
          component="input"
          id={`reset-digit-${index}`}
          ref={(element: HTMLInputElement | null) => {
            boxes.current[index] = element;
          }}
          value={digit}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          aria-label={t('reset.digit', { n: index + 1 })}
          aria-invalid={invalid}
          onChange={(event) => {
            const value = event.target.value.replace(/\D/g, '');
            if (value.length > 1) return fill(index, value);
            const next = [...digits];
            next[index] = value;
            onChange(next);
            if (value !== '') focus(index + 1);
          }}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => onKeyDown(index, event)}
          onPaste={(event: ClipboardEvent<HTMLInputElement>) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
          sx={{
            width: { xs: 42, sm: 52 },
            height: { xs: 52, sm: 60 },
            textAlign: 'center',
            fontSize: '1.5rem',
            fontWeight: 700,
            fontFamily: 'inherit',
            color: 'text.primary',
            bgcolor: 'background.paper',
            border: 2,
            borderColor: invalid ? 'error.main' : '#8a96a3',
            borderRadius: 2,
            '&:focus': { outline: '3px solid #f0b429', outlineOffset: 1, borderColor: 'primary.main' },
          }}
        />
      ))}
    </Box>
  );
}
