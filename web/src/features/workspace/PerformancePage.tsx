import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** Performance (/performance), linked from the dashboard. */
export function PerformancePage() {
  return <NotBuiltYet titleKey="pages.performance" />;
}
