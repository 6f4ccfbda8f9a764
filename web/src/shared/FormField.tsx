import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ChangeEvent, ReactNode } from 'react';

type Change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;

/** What a form dialog's field needs from `useForm`: its value and handlers, and its message. */
type FieldForm<V> = {
  textProps: (field: keyof V & string) => { name: string; value: string; onChange: Change; onBlur: () => void; error: boolean };
  message: (field: keyof V) => string | undefined;
};

type Props<V> = {
  form: FieldForm<V>;
  field: keyof V & string;
  id: string;
  label: string;
  busy: boolean;
  /** Shown under the field while it has no error. */
  hint?: ReactNode;
  required?: boolean;
  type?: string;
  multiline?: boolean;
  minRows?: number;
  /** Instead of the form's own setter, for a field whose change moves others too. */
  onChange?: Change;
  htmlInput?: Record<string, unknown>;
  input?: NonNullable<TextFieldProps['slotProps']>['input'];
};

/**
 * One field of a form dialog, the same everywhere: full width, the form's value, blur check and message
 * (or the hint), disabled while the dialog sends, and no asterisk in the label (the dialogs say which
 * fields are required in words).
 */
export function FormField<V>({ form, field, busy, hint, required = true, htmlInput, input, onChange, ...rest }: Props<V>) {
  const props = form.textProps(field);
  return (
    <TextField
      {...props}
      onChange={onChange ?? props.onChange}
      {...rest}
      fullWidth
      margin="normal"
      required={required}
      disabled={busy}
      slotProps={{ htmlInput, input, inputLabel: { required: false } }}
      helperText={form.message(field) ?? hint}
    />
  );
}
