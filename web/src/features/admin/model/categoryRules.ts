import { required, type Rule, type Schema } from '../../../shared/validation';

export type CategoryFormValues = { name: string; description: string; creditLimitWeight: string; interestRateWeight: string };

const text = (value: unknown) => String(value ?? '').trim();
const notNumber = (value: unknown) => text(value) === '' || !Number.isFinite(Number(text(value)));

const weight: Rule<CategoryFormValues>[] = [
  { fails: notNumber, message: 'admin.categories.rules.weightsNumbers' },
  { fails: (value) => Number(text(value)) < 0 || Number(text(value)) > 100, message: 'admin.categories.rules.weightsRange' },
];

/** Spec §5, Category form: the server's own messages, each under the field it is about. */
export const categoryRules: Schema<CategoryFormValues> = {
  name: [required('admin.categories.rules.nameDescriptionRequired')],
  description: [required('admin.categories.rules.nameDescriptionRequired')],
  creditLimitWeight: weight,
  interestRateWeight: weight,
};
