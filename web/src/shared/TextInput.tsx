import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEvent, ReactNode } from 'react';

export type TextInputProps = {
  id: string;
  name?: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: ReactNode;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  endAdornment?: ReactNode;
};

/**
 * A labelled outlined input with its message. The label carries no asterisk, so it reads exactly as the
 * spec names the field; the input itself is marked required.
 * Lighter than MUI's TextField, which always brings its
 * select, menu and popover along (the sign-in pages stay small).
 */
export function TextInput({ id, label, helperText, error = false, required = false, disabled = false, ...input }: TextInputProps) {
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth margin="normal" error={error} disabled={disabled} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} required={required} aria-describedby={helperText ? helperId : undefined} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
