import { useAppSelector } from '../session/hooks';
import { AdminLayout } from '../features/admin/AdminLayout';
import { InstitutionShell } from '../features/workspace/InstitutionShell';

/** Routes both roles open (spec: signed-in): institutions see them in their shell, admins under the admin bar. */
export function RoleLayout() {
  const role = useAppSelector((state) => state.session.user?.role);
  return role === 'admin' ? <AdminLayout /> : <InstitutionShell />;
}
