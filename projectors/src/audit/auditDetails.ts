import { isSecretField, payloadFields, type RecordedEvent } from '@credit/events';

const LONGEST_TEXT = 200;

/**
 * The payload's plain top-level facts (ids, names, flags, amounts, reasons), so the log says what
 * changed and figures can be folded as of any instant. Secrets (`isSecretField`, the event browser's rule too), lists (client records) and long
 * texts (logos as data URLs) are left out.
 */
export function auditDetails(event: Pick<RecordedEvent, 'data'>): Record<string, string | number | boolean | null> {
  const details: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(payloadFields(event.data))) {
    if (isSecretField(key)) continue;
    if (typeof value === 'string' && value.length <= LONGEST_TEXT) details[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) details[key] = value;
  }
  return details;
}
