import type { Theme } from '@mui/material/styles';
import { outlinedFieldStyles } from '../shared/OutlinedField';
import { skeletonStyles } from '../shared/Skeleton';
import { spinnerStyles } from '../shared/Spinner';
import { textInputStyles } from '../shared/TextInput';

const focusStyles = {
  'a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, [tabindex]:focus-visible': {
    outline: '3px solid #f0b429',
    outlineOffset: 2,
  },
};

/**
 * What MUI's inputs would each inject on mount (the theme sets `disableInjectingGlobalStyles`): the
 * keyframes and animations by which an input notices the browser's autofill (its label then moves up).
 * Given once here instead of a style element added and removed with every input, each of which made the
 * browser recompute the whole page's styles.
 */
const autofillStyles = {
  '@keyframes mui-auto-fill': { from: { animationName: 'mui-auto-fill' } },
  '@keyframes mui-auto-fill-cancel': { from: { animationName: 'mui-auto-fill-cancel' } },
  '.MuiInputBase-input': { animationName: 'mui-auto-fill-cancel', animationDuration: '10ms' },
  '.MuiInputBase-input:-webkit-autofill': { animationName: 'mui-auto-fill', animationDuration: '5000s' },
};

/**
 * The app's own global styles, in one style element: focus rings, autofill detection, plain outlined
 * fields (the language switch, filters, the forms' text inputs), the spinner and the loading placeholders. The signed-in pages' (tables, pills, badges) come with their
 * layouts (shared/SignedInStyles.tsx).
 */
export const appGlobalStyles = (theme: Theme) => [
  focusStyles,
  autofillStyles,
  outlinedFieldStyles(theme),
  textInputStyles(theme),
  spinnerStyles(theme),
  skeletonStyles(theme),
  { '.language-switch': { minWidth: 124, flexShrink: 0 } },
];
