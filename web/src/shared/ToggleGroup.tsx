import type { Theme } from '@mui/material/styles';

type Option<T extends string> = { value: T; label: string; count?: number | string };
type Props<T extends string> = {
  /** Names the group for assistive technology. */
  label: string;
  options: Option<T>[];
  value: T;
  onChange: (value: T) => void;
};

/** MUI's small standard ToggleButtonGroup look, given once with the signed-in pages' styles (SignedInStyles). */
export const toggleGroupStyles = (theme: Theme) => ({
  '.toggle-group': { display: 'inline-flex', borderRadius: theme.shape.borderRadius },
  '.toggle-group > button': {
    ...theme.typography.button,
    textTransform: 'none',
    whiteSpace: 'nowrap',
    fontSize: '0.8125rem',
    padding: '7px 8px',
    margin: 0,
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: 0,
    background: 'transparent',
    color: theme.palette.text.secondary,
    cursor: 'pointer',
    '&:not(:first-of-type)': { marginLeft: -1, borderLeftColor: 'transparent' },
    '&:first-of-type': { borderTopLeftRadius: theme.shape.borderRadius, borderBottomLeftRadius: theme.shape.borderRadius },
    '&:last-of-type': { borderTopRightRadius: theme.shape.borderRadius, borderBottomRightRadius: theme.shape.borderRadius },
    '&:hover': { backgroundColor: 'rgba(0, 0, 0, 0.04)' },
    '&[aria-pressed="true"]': { color: theme.palette.text.primary, backgroundColor: 'rgba(0, 0, 0, 0.08)' },
    '&[aria-pressed="true"]:hover': { backgroundColor: 'rgba(0, 0, 0, 0.12)' },
    '& .toggle-count': { marginLeft: 2, fontWeight: 700 },
    [theme.breakpoints.up('sm')]: { fontSize: '0.875rem', padding: '7px 14px' },
  },
});

/** One choice of several, each a button that says whether it is pressed (a filter with its count). */
export function ToggleGroup<T extends string>({ label, options, value, onChange }: Props<T>) {
  return (
    <div role="group" aria-label={label} className="toggle-group">
      {options.map((option) => (
        <button key={option.value} type="button" aria-pressed={option.value === value} onClick={() => onChange(option.value)}>
          {option.label}
          {/* A space, so the button's name reads "Pending 2", not "Pending2". */}
          {option.count !== undefined && (
            <>
              {' '}
              <span className="toggle-count">{option.count}</span>
            </>
          )}
        </button>
      ))}
    </div>
  );
}
