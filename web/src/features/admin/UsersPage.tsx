import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** User (institution) management (/admin/users). */
export function UsersPage() {
  return <NotBuiltYet titleKey="pages.users" />;
}
