import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { PlainIcon } from './PlainIcon';

/**
 * A field with MUI's small outlined look and its label on the border, as plain elements: the border is
 * a fieldset whose hidden legend leaves the label's gap, as MUI draws it. Its look is given once in the
 * app's global styles (app/globalStyles.ts); as MUI's FormControl, InputLabel and OutlinedInput each
 * field was three to five styled components and dozens of style rules worked out on every page load.
 */
export const outlinedFieldStyles = (theme: Theme) => ({
  '.outlined-field': {
    ...theme.typography.body1,
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    minWidth: 0,
    color: theme.palette.text.primary,
    '& input, & select': {
      ...theme.typography.body1,
      appearance: 'none',
      boxSizing: 'border-box',
      width: '100%',
      minWidth: 0,
      height: '2.5rem',
      margin: 0,
      padding: '8.5px 14px',
      border: 0,
      borderRadius: theme.shape.borderRadius,
      background: 'transparent',
      color: 'inherit',
      outline: 0,
    },
    '& input::placeholder': { color: 'currentColor', opacity: 0.42 },
    '& select': { paddingRight: 32, cursor: 'pointer' },
    '& option': { color: theme.palette.text.primary },
    '& > label': {
      ...theme.typography.body1,
      position: 'absolute',
      left: 0,
      top: 0,
      maxWidth: 'calc(133% - 32px)',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      transform: 'translate(14px, -9px) scale(0.75)',
      transformOrigin: 'top left',
      lineHeight: '1.4375em',
      whiteSpace: 'nowrap',
      color: theme.palette.text.secondary,
      pointerEvents: 'none',
    },
    '& > svg': {
      position: 'absolute',
      width: '1em',
      height: '1em',
      fontSize: '1.5rem',
      fill: 'currentColor',
      pointerEvents: 'none',
      opacity: 0.7,
    },
    '& > svg.field-end': { right: 7, top: 'calc(50% - .5em)' },
    '& > svg.field-start': { left: 14, top: 'calc(50% - .5em)', fontSize: '1.25rem' },
    '&.with-start input': { paddingLeft: 42 },
    // A date field's calendar button, and the native picker it opens (invisible, under the button).
    '&.with-button input': { paddingRight: 40 },
    '& > .field-button': {
      position: 'absolute',
      right: 4,
      top: 'calc(50% - 16px)',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: 32,
      height: 32,
      padding: 0,
      border: 0,
      borderRadius: '50%',
      background: 'transparent',
      color: theme.palette.text.secondary,
      cursor: 'pointer',
      '& svg': { width: 20, height: 20, fill: 'currentColor' },
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
      '&:disabled': { cursor: 'default', opacity: 0.5 },
    },
    '& > input.field-picker': {
      position: 'absolute',
      right: 4,
      bottom: 0,
      width: 32,
      height: 1,
      padding: 0,
      opacity: 0,
      pointerEvents: 'none',
    },
    '& > fieldset': {
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
      maxWidth: '100%',
      height: 11,
      padding: 0,
      fontSize: '0.75em',
      visibility: 'hidden',
      whiteSpace: 'nowrap',
      '& span': { paddingLeft: 5, paddingRight: 5, display: 'inline-block' },
    },
    '&:hover > fieldset': { borderColor: theme.palette.text.primary },
    '&:focus-within > fieldset': { borderWidth: 2, borderColor: theme.palette.primary.main },
    '&:focus-within > label': { color: theme.palette.primary.main },
    '&.error > fieldset, &.error:hover > fieldset, &.error:focus-within > fieldset': { borderColor: theme.palette.error.main },
    '&.error > label, &.error:focus-within > label': { color: theme.palette.error.main },
  },
  '.outlined-field.dark': {
    color: '#ffffff',
    '& > label, &:focus-within > label': { color: '#ffffff' },
    '& > fieldset, &:hover > fieldset, &:focus-within > fieldset': { borderColor: 'rgba(255,255,255,0.75)' },
  },
});

type Props = {
  /** The control's id, which the label names. */
  id: string;
  /** Shown on the border; without one the control names itself (aria-label) and the border is whole. */
  label?: string;
  /** The control itself: an input or a select. */
  children: ReactNode;
  select?: boolean;
  search?: boolean;
  /** Drawn in the error colour (the control itself says aria-invalid). */
  error?: boolean;
  className?: string;
};

type FilterInputProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type: 'number';
  error?: boolean;
};

/** A filter's amount (whole thousands of XAF) in the outlined look; dates have their DateField. */
export function FilterInput({ id, label, value, onChange, type, error = false }: FilterInputProps) {
  return (
    <OutlinedField id={id} label={label} error={error}>
      <input
        id={id}
        type={type}
        value={value}
        min={0}
        step={1000}
        inputMode="numeric"
        aria-invalid={error || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </OutlinedField>
  );
}

/** A labelled input or select in the outlined look (see outlinedFieldStyles). */
export function OutlinedField({ id, label, children, select = false, search = false, error = false, className }: Props) {
  const classes = ['outlined-field', search && 'with-start', error && 'error', className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      {search && <PlainIcon icon="search" className="field-start" />}
      {children}
      {select && <PlainIcon icon="arrowDropDown" className="field-end" />}
      <fieldset aria-hidden="true">
        <legend>{label && <span>{label}</span>}</legend>
      </fieldset>
      {label && <label htmlFor={id}>{label}</label>}
    </div>
  );
}
