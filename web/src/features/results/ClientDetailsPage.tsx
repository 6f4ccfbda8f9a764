import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** Client result details (/client/{clientId} and /result/client/{clientId}/detailed). */
export function ClientDetailsPage() {
  return <NotBuiltYet titleKey="pages.clientDetails" />;
}
