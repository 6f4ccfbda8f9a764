import type { AuditAction, RecordedEvent } from '@credit/events';

// Sign-ins, failed ones, and what the sign-in throttle did about the failures.
const SIGN_IN = new Set(['UserSignedIn', 'SignInFailed', 'SignInThrottled', 'AccountUnderAttack']);

// Scoring outcomes are named by what they produced (ClientScored, ResultsRecalculated, ...).
const CALCULATION = /(Scored|Calculated|Recalculated|Assessed)$/;

/** Classifies an event by its type first, then by who caused it; anything else changed something. */
export function auditAction(event: Pick<RecordedEvent, 'type' | 'metadata'>): AuditAction {
  const { type } = event;
  if (SIGN_IN.has(type)) return 'login';
  if (type === 'UserSignedOut') return 'logout';
  if (CALCULATION.test(type)) return 'calculate';
  if (type.includes('Batch') || type.includes('ClientRecords')) return 'batch';
  if (type.includes('Export')) return 'export';
  // Fetching the template or the sample changes nothing.
  if (type === 'TemplateDownloaded') return 'view';
  // Saving the parameters unchanged confirms them: nothing was updated.
  if (type === 'InstitutionParametersConfirmed') return 'view';
  if (event.metadata.actor.role === 'system') return 'system';
  return 'update';
}
