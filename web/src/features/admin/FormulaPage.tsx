import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** Parameter Management with three tabs (/admin/formula). */
export function FormulaPage() {
  return <NotBuiltYet titleKey="pages.formula" />;
}
