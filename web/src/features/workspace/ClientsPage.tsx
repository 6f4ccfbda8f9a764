import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** Clients (/clients), linked from the dashboard. */
export function ClientsPage() {
  return <NotBuiltYet titleKey="pages.clients" />;
}
