/**
 * Payload fields that hold secrets: password hashes (argon2id), a reset code or its hash, session
 * token hashes. The one rule by which the audit log leaves them out of its details and the event
 * browser withholds them from an event's payload. It goes by the field's name, so it also withholds
 * plain content hashes (a batch's `fileHash`, `modelHash`): erring that way costs nothing secret.
 */
const SECRET_FIELD = /hash|password|secret|token|session|^code$/i;

export const isSecretField = (key: string): boolean => SECRET_FIELD.test(key);

/** What stands in a payload for a withheld secret. */
export const WITHHELD_SECRET = '[withheld]';

/**
 * A copy of a payload with every secret field's value, at any depth, replaced by `WITHHELD_SECRET`,
 * and the paths of the fields replaced (`passwordHash`, `changes[0].token`).
 */
export function withholdSecrets(payload: unknown): { payload: unknown; withheld: string[] } {
  const withheld: string[] = [];
  const copy = (value: unknown, path: string): unknown => {
    if (Array.isArray(value)) return value.map((item, index) => copy(item, `${path}[${index}]`));
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => {
        const at = path ? `${path}.${key}` : key;
        if (!isSecretField(key)) return [key, copy(field, at)];
        withheld.push(at);
        return [key, WITHHELD_SECRET];
      }),
    );
  };
  return { payload: copy(payload, ''), withheld };
}
