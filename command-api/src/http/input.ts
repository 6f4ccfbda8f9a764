import { z } from 'zod';
import { ValidationError } from '@credit/events';

export type Body = Record<string, unknown>;

export const asBody = (value: unknown): Body => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {});

/** The first of several spellings a field may come in (`min_value` / `minValue`). */
export function field(body: Body, ...names: string[]): unknown {
  for (const name of names) if (body[name] !== undefined) return body[name];
  return undefined;
}

export function optionalText(body: Body, ...names: string[]): string | undefined {
  const value = field(body, ...names);
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : String(value);
}

const emailFormat = z.string().email();
const isEmail = (value: string): boolean => emailFormat.safeParse(value).success;

/** One field's ordered rules: the first failing rule's message is the field's error. */
export type Rule = { fails: (value: string) => boolean; message: string };

export const required = (message: string): Rule => ({ fails: (value) => value.trim() === '', message });
export const minLength = (length: number, message: string): Rule => ({ fails: (value) => value !== '' && value.length < length, message });
export const emailRule = (message: string): Rule => ({ fails: (value) => value !== '' && !isEmail(value.trim()), message });
export const matches = (pattern: RegExp, message: string): Rule => ({ fails: (value) => !pattern.test(value), message });

/**
 * Checks every field and throws one ValidationError whose message is the first failing field's,
 * with every field's message in `data.errors`.
 */
export function validate(fields: [name: string, value: string | undefined, rules: Rule[]][]): void {
  const errors: Record<string, string> = {};
  for (const [name, value, rules] of fields) {
    const failed = rules.find((rule) => rule.fails(value ?? ''));
    if (failed) errors[name] = failed.message;
  }
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, { errors });
}
