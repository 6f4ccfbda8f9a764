/**
 * A phone's list of cards in place of a table (the results list, the admin's model and parameter lists):
 * plain elements styled here once, as the `sx` of a `ul`. Ten cards of MUI components (each with its
 * own styles computed on every render) were most of a phone's time drawing a page of results.
 * Classes: `card-head` (title and badge side by side), `card-who` (a title and its muted line),
 * `card-muted`, `card-line`, `card-fields` (a `dl` of a row's other columns), `card-link`, `card-actions`.
 */
export const CARD_LIST = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  // One column on a phone, as many as fit where a table would not (a laptop's narrower widths).
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
  gap: 1.5,
  '& > li': { border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, typography: 'body2', minWidth: 0 },
  '& .card-head': { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 },
  '& .card-who': { minWidth: 0, '& strong': { display: 'block', typography: 'body1', fontWeight: 700 } },
  '& .card-muted': { display: 'block', color: 'text.secondary' },
  '& .card-line': { mt: 0.5 },
  '& .card-fields': {
    display: 'grid',
    gridTemplateColumns: 'minmax(90px, auto) 1fr',
    columnGap: 1.5,
    rowGap: 0.5,
    m: 0,
    mt: 1,
    '& dt': { color: 'text.secondary' },
    '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
  },
  '& .card-actions': { display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' },
  '& .card-link': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.5,
    mt: 0.5,
    py: 0.5,
    color: 'primary.main',
    fontWeight: 600,
    fontSize: '0.8125rem',
    textDecoration: 'none',
    '&:hover': { textDecoration: 'underline' },
    '& svg': { width: 18, height: 18, fill: 'currentColor' },
  },
} as const;
