import type { SxProps } from '@mui/material/styles';

/** A form wrapping a dialog's title, content and actions: only the content scrolls, the title and buttons stay in view. */
export const DIALOG_FORM: SxProps = { display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' };
