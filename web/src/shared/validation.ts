/**
 * Form rules (spec §5, General): each field has an ordered rule list and keeps the first failing
 * rule's message. Messages are i18n keys under `validation.`, so each language shows its own words.
 */
export type Rule<Values> = { fails: (value: unknown, values: Values) => boolean; message: string };
export type Schema<Values> = { [K in keyof Values]?: Rule<Values>[] };
export type Errors<Values> = { [K in keyof Values]?: string };

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const required = <V>(message: string): Rule<V> => ({
  fails: (value) => (typeof value === 'boolean' ? !value : text(value).trim() === ''),
  message,
});
/** Empty is allowed: `required` speaks for an empty field. */
export const email = <V>(message = 'validation.emailInvalid'): Rule<V> => ({
  fails: (value) => text(value).trim() !== '' && !EMAIL.test(text(value).trim()),
  message,
});
export const minLength = <V>(min: number, message: string): Rule<V> => ({
  fails: (value) => text(value) !== '' && text(value).length < min,
  message,
});
export const matches = <V>(pattern: RegExp, message: string): Rule<V> => ({
  fails: (value) => text(value) !== '' && !pattern.test(text(value)),
  message,
});
export const sameAs = <V>(other: keyof V, message: string): Rule<V> => ({
  fails: (value, values) => text(value) !== '' && text(value) !== text(values[other]),
  message,
});

export function validateField<V>(schema: Schema<V>, field: keyof V, values: V): string | undefined {
  return schema[field]?.find((rule) => rule.fails(values[field], values))?.message;
}

export function validateAll<V>(schema: Schema<V>, values: V): Errors<V> {
  const errors: Errors<V> = {};
  for (const field of Object.keys(schema) as (keyof V)[]) {
    const message = validateField(schema, field, values);
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}
