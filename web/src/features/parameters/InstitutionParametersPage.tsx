import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** One institution's parameter values (/institution/{id}/parameters). */
export function InstitutionParametersPage() {
  return <NotBuiltYet titleKey="pages.institutionParameters" />;
}
