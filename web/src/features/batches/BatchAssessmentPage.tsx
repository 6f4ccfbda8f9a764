import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** Batch Client Assessment (/batch-assessment). */
export function BatchAssessmentPage() {
  return <NotBuiltYet titleKey="pages.batchAssessment" />;
}
