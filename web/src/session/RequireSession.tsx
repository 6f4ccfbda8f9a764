import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from './hooks';
import { FullScreenSpinner } from '../shared/FullScreenSpinner';

type Props = { adminOnly?: boolean };

/**
 * The route guard (spec §2): a full-screen spinner while the session is decided; a signed-out visitor
 * goes to / with the requested path remembered (not after a deliberate logout); a non-admin on an
 * admin route goes to /workspace-dashboard.
 */
export function RequireSession({ adminOnly = false }: Props) {
  const session = useAppSelector((state) => state.session);
  const location = useLocation();
  if (session.status === 'checking') return <FullScreenSpinner />;
  if (session.status === 'signedOut' || !session.user) {
    if (session.endReason === 'adminLogout') return <Navigate to="/admin/login" replace />;
    const remember = session.endReason !== 'logout';
    return (
      <Navigate to="/" replace state={remember ? { from: location.pathname + location.search, reason: session.endReason } : undefined} />
    );
  }
  if (adminOnly && session.user.role !== 'admin') return <Navigate to="/workspace-dashboard" replace />;
  return <Outlet />;
}
