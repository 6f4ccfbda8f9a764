/** A top bar's row, as MUI's Toolbar lays it out (56 px high on phones, 64 px from tablets up), above the page's content. */
export const topBarRow = {
  zIndex: 'appBar',
  display: 'flex',
  alignItems: 'center',
  gap: { xs: 1, sm: 2 },
  minHeight: { xs: 56, sm: 64 },
  px: { xs: 2, sm: 3 },
} as const;
