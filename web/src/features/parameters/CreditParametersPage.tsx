import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** Credit Algorithm Parameters (/parameters and /credit-parameters-config). */
export function CreditParametersPage() {
  return <NotBuiltYet titleKey="pages.parameters" />;
}
