import Link, { type LinkProps } from '@mui/material/Link';
import { Link as RouterDomLink } from 'react-router';

type Props = Omit<LinkProps, 'href'> & { to: string; state?: unknown };

/** An MUI link that navigates inside the app. */
export function RouterLink({ to, state, ...props }: Props) {
  return <Link component={RouterDomLink} to={to} state={state} {...props} />;
}
