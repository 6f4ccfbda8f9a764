import GlobalStyles from '@mui/material/GlobalStyles';
import type { Theme } from '@mui/material/styles';
import { batchStatusChipStyles } from './BatchStatusChip';
import { paginationStyles } from './Pagination';
import { statusChipStyles } from './StatusChip';
import { tableStyles } from './table';
import { toggleGroupStyles } from './ToggleGroup';
import { toneBadgeStyles } from './toneBadge';

const signedInStyles = (theme: Theme) => [
  tableStyles(theme),
  paginationStyles(theme),
  statusChipStyles,
  batchStatusChipStyles,
  toneBadgeStyles(theme),
  toggleGroupStyles(theme),
];

/**
 * The signed-in pages' global styles (tables, pagination, pills, badges, toggle groups) in one style element, given by the two
 * signed-in layouts: the sign-in pages, whose JavaScript has a budget, do not carry them.
 */
export const SignedInStyles = () => <GlobalStyles styles={signedInStyles} />;
