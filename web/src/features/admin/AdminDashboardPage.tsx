import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** Admin dashboard (/admin/dashboard). */
export function AdminDashboardPage() {
  return <NotBuiltYet titleKey="pages.adminDashboard" />;
}
