import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** Institution Parameter Management (/admin/parameters). */
export function AdminParametersPage() {
  return <NotBuiltYet titleKey="pages.adminParameters" />;
}
