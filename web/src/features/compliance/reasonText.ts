import type { TFunction } from 'i18next';

/** The server's reason for a broken chain in the reader's language when it is one we know; as given otherwise. */
export function reasonText(reason: string | null, t: TFunction): string {
  if (reason === null) return '';
  if (reason === 'stored hash does not match the recomputed one') return t('compliance.log.reasons.hashMismatch');
  if (reason === 'the log head hash does not match the last event') return t('compliance.log.reasons.headMismatch');
  const missing = /^event at position (\d+) is missing$/.exec(reason);
  if (missing) return t('compliance.log.reasons.missing', { position: missing[1] });
  return reason;
}
