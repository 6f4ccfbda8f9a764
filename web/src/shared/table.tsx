import { alpha, lighten, type Theme } from '@mui/material/styles';
import { createContext, useContext, type ComponentPropsWithoutRef, type CSSProperties } from 'react';

/**
 * Data tables as plain elements, styled once for the signed-in pages (shared/SignedInStyles.tsx) with MUI's
 * small table's look. MUI's Table components are each a styled component whose styles are worked out
 * and checked on every render: a page of ten rows drew some eighty of them, a large share of a phone's
 * time drawing a page (Lighthouse traces: Emotion's serialising and inserting in the commit).
 *
 * The same names and the props the app uses: `align`, `colSpan`, `hover`, `selected`; `hide` hides a column below
 * a width (`xs`: phones, `sm`: below 900 px, `md`: below 1200 px, `lg`: below 1536 px), `nowrap` keeps a cell on one line; an element
 * of class `phone-only` in a cell shows on phones only (a hidden column's value, shown in the row's first cell).
 */
export const tableStyles = (theme: Theme) => {
  const below = (breakpoint: 'sm' | 'md' | 'lg') => theme.breakpoints.down(breakpoint);
  return {
    '.data-table-scroll': { width: '100%', overflowX: 'auto' },
    '.data-table': { display: 'table', width: '100%', borderCollapse: 'collapse', borderSpacing: 0 },
    '.data-table > * > tr': { color: 'inherit', verticalAlign: 'middle', outline: 0 },
    '.data-table > tbody > tr.hover:hover': { backgroundColor: theme.palette.action.hover },
    '.data-table > tbody > tr.selected': { backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity) },
    '.data-table > tbody > tr.selected:hover': {
      backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity),
    },
    '.data-table > * > tr > th, .data-table > * > tr > td': {
      ...theme.typography.body2,
      verticalAlign: 'inherit',
      textAlign: 'left',
      padding: '6px 16px',
      color: theme.palette.text.primary,
      borderBottom: `1px solid ${lighten(alpha(theme.palette.divider, 1), 0.88)}`,
    },
    '.data-table.medium > * > tr > th, .data-table.medium > * > tr > td': { padding: 16 },
    '.data-table > thead > tr > th': { lineHeight: theme.typography.pxToRem(24), fontWeight: theme.typography.fontWeightMedium },
    '.data-table .align-right': { textAlign: 'right' },
    '.data-table .align-center': { textAlign: 'center' },
    '.data-table .nowrap': { whiteSpace: 'nowrap' },
    '.data-table .strong': { fontWeight: 600 },
    '.data-table .muted': { color: theme.palette.text.secondary },
    '.data-table .cell-title': { display: 'block', fontWeight: 600, fontSize: '1rem', lineHeight: 1.5 },
    // What a phone shows inside another cell instead of a column of its own (see `hide`).
    '.data-table .phone-only': { display: 'none' },
    [below('sm')]: {
      '.data-table .hide-xs': { display: 'none' },
      '.data-table .phone-only': { display: 'block', marginTop: 4, overflowWrap: 'anywhere' },
      '.data-table.fit-phone > * > tr > th, .data-table.fit-phone > * > tr > td': { padding: 8 },
      '.data-table.fit-phone .row-actions': { display: 'flex', flexDirection: 'column', alignItems: 'stretch' },
      // A button in a wrapper (a disabled one's tooltip) as wide as the others.
      '.data-table.fit-phone .row-actions > span > button': { width: '100%' },
    },
    [theme.breakpoints.up('sm')]: { '.data-table.fit-phone': { minWidth: 'var(--wide-min-width)' } },
    [below('md')]: { '.data-table .hide-sm': { display: 'none' } },
    [below('lg')]: { '.data-table .hide-md': { display: 'none' } },
    [theme.breakpoints.down('xl')]: { '.data-table .hide-lg': { display: 'none' } },
  };
};

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/** A table that scrolls sideways when wider than the screen; focusable so a keyboard can scroll it. */
export function TableContainer({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div tabIndex={0} className={classes('data-table-scroll', className)} {...props} />;
}

type TableProps = ComponentPropsWithoutRef<'table'> & {
  size?: 'small' | 'medium';
  /**
   * The table's least width from a tablet up; on a phone it fits the screen instead (its cells' padding
   * halved, a `row-actions` group of buttons stacked): for tables whose wide columns give way on a phone.
   */
  fitPhoneFrom?: number;
};

export function Table({ size = 'small', fitPhoneFrom, className, style, ...props }: TableProps) {
  return (
    <table
      className={classes('data-table', size === 'medium' && 'medium', fitPhoneFrom !== undefined && 'fit-phone', className)}
      style={fitPhoneFrom === undefined ? style : ({ ...style, '--wide-min-width': `${fitPhoneFrom}px` } as CSSProperties)}
      {...props}
    />
  );
}

const InHead = createContext(false);

export function TableHead(props: ComponentPropsWithoutRef<'thead'>) {
  return (
    <InHead.Provider value={true}>
      <thead {...props} />
    </InHead.Provider>
  );
}

export const TableBody = (props: ComponentPropsWithoutRef<'tbody'>) => <tbody {...props} />;

type RowProps = ComponentPropsWithoutRef<'tr'> & { hover?: boolean; selected?: boolean };

export function TableRow({ hover, selected, className, ...props }: RowProps) {
  return <tr className={classes(hover && 'hover', selected && 'selected', className)} {...props} />;
}

type CellProps = Omit<ComponentPropsWithoutRef<'td'>, 'align'> & {
  align?: 'left' | 'right' | 'center';
  hide?: 'xs' | 'sm' | 'md' | 'lg';
  nowrap?: boolean;
};

/** A header cell (`th`, column scope) inside TableHead, a data cell (`td`) elsewhere. */
export function TableCell({ align, hide, nowrap, className, ...props }: CellProps) {
  const head = useContext(InHead);
  const name = classes(align && align !== 'left' && `align-${align}`, hide && `hide-${hide}`, nowrap && 'nowrap', className);
  return head ? <th scope="col" className={name} {...props} /> : <td className={name} {...props} />;
}
