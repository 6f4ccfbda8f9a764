import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from './hooks';
import { FullScreenSpinner } from '../shared/FullScreenSpinner';
import { pathAfterSignIn } from './defaultPath';

type Props = { onlyRole?: 'admin' };

/**
 * Sign-in pages: once a user is signed in (of the given role, if any) they leave for the path the guard
 * remembered, else their role's default page. A sign-in form only has to store the session.
 */
export function RedirectSignedIn({ onlyRole }: Props) {
  const session = useAppSelector((state) => state.session);
  const location = useLocation();
  if (session.status === 'checking') return <FullScreenSpinner />;
  if (session.status === 'signedIn' && session.user && (onlyRole === undefined || session.user.role === onlyRole)) {
    const from = (location.state as { from?: unknown } | null)?.from;
    return <Navigate to={pathAfterSignIn(session.user.role, from)} replace />;
  }
  return <Outlet />;
}
