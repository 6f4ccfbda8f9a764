import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** System admin management (/admin/manage). */
export function AdminsPage() {
  return <NotBuiltYet titleKey="pages.admins" />;
}
