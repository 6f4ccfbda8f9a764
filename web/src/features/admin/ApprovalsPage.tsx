import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** Institution Approvals (/admin/institution). */
export function ApprovalsPage() {
  return <NotBuiltYet titleKey="pages.approvals" />;
}
