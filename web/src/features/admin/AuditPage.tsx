import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** Audit Logs (/admin/audit). */
export function AuditPage() {
  return <NotBuiltYet titleKey="pages.audit" />;
}
