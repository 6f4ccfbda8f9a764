import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateAll, validateField, type Errors, type Schema } from './validation';

/** Field values with the spec's validation timing: on blur and on submit, cleared as soon as the field is edited. */
export function useForm<V extends Record<string, string | boolean>>(initial: V, schema: Schema<V>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors<V>>({});
  const { t } = useTranslation();

  const setValue = <K extends keyof V>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
  };

  const blur = (field: keyof V) => setErrors((current) => ({ ...current, [field]: validateField(schema, field, values) }));

  /** Validates every field and moves focus to the first one in error; true when the form may be sent. */
  const validate = (): boolean => {
    const found = validateAll(schema, values);
    setErrors(found);
    const valid = Object.values(found).every((message) => message === undefined);
    if (!valid) requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());
    return valid;
  };

  const textProps = (field: keyof V & string) => ({
    name: field,
    value: values[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(field, event.target.value as V[typeof field]),
    onBlur: () => blur(field),
    error: errors[field] !== undefined,
  });

  /** The field's error in the reader's language, for its helper text (undefined without one, so a hint can follow: `form.message(f) ?? hint`). */
  const message = (field: keyof V): string | undefined => {
    const key = errors[field];
    return key === undefined ? undefined : t(key);
  };

  return { values, errors, setValue, blur, validate, textProps, message };
}
