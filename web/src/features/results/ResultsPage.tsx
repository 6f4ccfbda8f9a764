import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** Assessment Results (/result and /results). */
export function ResultsPage() {
  return <NotBuiltYet titleKey="pages.results" />;
}
