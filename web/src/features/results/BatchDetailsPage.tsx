import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** Batch details (/result/batch/{batchId} and /batch/{batchId}). */
export function BatchDetailsPage() {
  return <NotBuiltYet titleKey="pages.batchDetails" />;
}
