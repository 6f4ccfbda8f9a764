import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** Variable Management (/admin/variables). */
export function VariablesPage() {
  return <NotBuiltYet titleKey="pages.variables" />;
}
