import type { Theme } from '@mui/material/styles';
import type { ChangeEvent, ReactNode } from 'react';
import { OutlinedField } from './OutlinedField';

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

const EASE = '200ms cubic-bezier(0, 0, 0.2, 1)';
/** The label rests inside an empty field that does not have the focus (nor the browser's autofill). */
const RESTING = 'input:placeholder-shown:not(:focus):not(:-webkit-autofill)';

/**
 * MUI's medium outlined TextField look on the outlined field's plain elements (shared/OutlinedField):
 * the label rests inside the empty field and moves onto the border, opening its gap, on focus or once
 * there is a value (CSS alone: the input's placeholder is a space, so `:placeholder-shown` says empty);
 * the message below in the caption size; red on error. Given once in the app's global styles.
 */
export const textInputStyles = (theme: Theme) => ({
  '.text-input': { margin: '16px 0 8px', minWidth: 0, width: '100%' },
  '.text-input > .outlined-field': {
    '& input': { height: 'auto', padding: '16.5px 14px', lineHeight: '1.4375em' },
    '& > label': { transition: `transform ${EASE}, color ${EASE}, max-width ${EASE}` },
    '& legend > span': { transition: 'max-width 50ms cubic-bezier(0, 0, 0.2, 1) 50ms' },
    [`& > ${RESTING} ~ label`]: { transform: 'translate(14px, 16px) scale(1)', maxWidth: 'calc(100% - 24px)' },
    [`& > ${RESTING} ~ fieldset legend > span`]: { maxWidth: 0.01, paddingLeft: 0, paddingRight: 0, overflow: 'hidden' },
    '& > .field-adornment': { display: 'flex', alignItems: 'center', paddingRight: 14, flexShrink: 0 },
  },
  '.text-input.with-end input': { paddingRight: 0 },
  '.text-input .password-toggle': {
    display: 'inline-flex',
    padding: 8,
    marginRight: -12,
    border: 0,
    borderRadius: '50%',
    background: 'transparent',
    color: theme.palette.action.active,
    fontSize: '1.5rem',
    cursor: 'pointer',
    '&:hover': { backgroundColor: theme.palette.action.hover },
  },
  '.text-input.disabled > .outlined-field': {
    color: theme.palette.text.disabled,
    '& > label': { color: theme.palette.text.disabled },
    '& > fieldset, &:hover > fieldset': { borderColor: theme.palette.action.disabled },
  },
  '.text-input > .helper-text': {
    ...theme.typography.caption,
    margin: '3px 14px 0',
    color: theme.palette.text.secondary,
  },
  '.text-input.error > .helper-text': { color: theme.palette.error.main },
});

/**
 * A labelled outlined input with its message. The label carries no asterisk, so it reads exactly as the
 * spec names the field; the input itself is marked required.
 * Plain elements styled once (textInputStyles): MUI's FormControl, InputLabel, OutlinedInput and
 * FormHelperText were five styled components per field, worked out again on every page load.
 */
export function TextInput({
  id,
  label,
  helperText,
  error = false,
  required = false,
  disabled = false,
  endAdornment,
  ...input
}: TextInputProps) {
  const helperId = `${id}-helper`;
  const classes = ['text-input', error && 'error', disabled && 'disabled', endAdornment && 'with-end'].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <OutlinedField id={id} label={label} error={error}>
        <input
          id={id}
          placeholder=" "
          required={required}
          disabled={disabled}
          aria-invalid={error}
          aria-describedby={helperText ? helperId : undefined}
          {...input}
        />
        {endAdornment && <span className="field-adornment">{endAdornment}</span>}
      </OutlinedField>
      {helperText && (
        <p id={helperId} className="helper-text">
          {helperText}
        </p>
      )}
    </div>
  );
}
