import { createTheme } from '@mui/material/styles';

/** Our one theme: a calm ink-blue with a gold accent, dense tables, system fonts (no font download). */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0b4a6f', dark: '#073550', light: '#3a6f91', contrastText: '#ffffff' },
    secondary: { main: '#a86b00', contrastText: '#ffffff' },
    error: { main: '#b3261e' },
    success: { main: '#1e7b34' },
    warning: { main: '#8a5a00' },
    background: { default: '#f3f5f8', paper: '#ffffff' },
    text: { primary: '#17212b', secondary: '#4a5663' },
    divider: '#dde2e8',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 700 },
    h2: { fontSize: '1.375rem', fontWeight: 700 },
    h3: { fontSize: '1.125rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // A client-only app: media queries answer on the first render, so a phone never first renders (and
    // then throws away) the laptop's layout, e.g. a whole table before its cards.
    MuiUseMediaQuery: { defaultProps: { noSsr: true } },
    MuiButton: { defaultProps: { disableElevation: true } },
    // The autofill keyframes are given once in the app's global styles (app/globalStyles.ts), not by every input.
    MuiInputBase: { defaultProps: { disableInjectingGlobalStyles: true } },
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: '3px solid #f0b429', outlineOffset: 2 } },
      },
    },
    MuiLink: { defaultProps: { underline: 'hover' }, styleOverrides: { root: { fontWeight: 600 } } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
  },
});
