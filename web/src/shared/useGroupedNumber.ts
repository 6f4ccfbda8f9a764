import { useState, type ChangeEvent } from 'react';
import { groupedNumber, plainNumber } from './numberInput';

/**
 * A number input's props that show its value grouped in the page's language (5,000,000 / 5 000 000,
 * 0.3 / 0,3) and hand back plain text ("5000000", "0.3") as it is typed. While it has the focus the box
 * keeps the text as typed, so grouping never moves the caret; it is grouped again on blur, or as soon as
 * the value is changed from outside (a reset). A text input that says it is a spinbutton, as the
 * institution's parameters page does: a `type="number"` input can show no group separator.
 */
export function useGroupedNumber(plain: string, onChange: (plain: string) => void, language: string) {
  const [typed, setTyped] = useState<{ text: string; plain: string } | null>(null);
  const grouped = groupedNumber(plain, language);
  return {
    value: typed !== null && typed.plain === plain ? typed.text : grouped,
    onFocus: () => setTyped({ text: grouped, plain }),
    onBlur: () => setTyped(null),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = plainNumber(event.target.value, language);
      setTyped({ text: event.target.value, plain: next });
      onChange(next);
    },
    inputProps: { inputMode: 'decimal' as const, role: 'spinbutton', 'aria-valuenow': Number(plain) || 0 },
  };
}
