import type { Rule, Schema } from '../../../shared/validation';
import { required } from '../../../shared/validation';

export type ParameterFormValues = {
  name: string;
  uniqueCode: string;
  description: string;
  recommendedRange: string;
  impact: string;
  normalizationFormula: string;
  institutionValue: string;
  isInstitutionSpecific: boolean;
  isActive: boolean;
  isRequired: boolean;
};

const text = (value: unknown) => String(value ?? '').trim();

/** A unique code is a whole number, 0 or more, that fits the engine's integer column. */
const wholeCode: Rule<ParameterFormValues> = {
  fails: (value) => text(value) !== '' && !(/^\d+$/.test(text(value)) && Number(text(value)) <= 2_147_483_647),
  message: 'admin.parameters.rules.codeWhole',
};

const shownValue = (rule: Rule<ParameterFormValues>): Rule<ParameterFormValues> => ({
  fails: (value, values) => values.isInstitutionSpecific && rule.fails(value, values),
  message: rule.message,
});

/** Spec §5, Parameter create form and Edit-parameter dialog, with the server's own messages. */
export const parameterRules = (creating: boolean): Schema<ParameterFormValues> => ({
  name: [required('admin.parameters.rules.nameRequired')],
  ...(creating ? { uniqueCode: [required<ParameterFormValues>('admin.parameters.rules.codeRequired'), wholeCode] } : {}),
  description: [required('admin.parameters.rules.descriptionRequired')],
  recommendedRange: [required('admin.parameters.rules.rangeRequired')],
  impact: [required('admin.parameters.rules.impactRequired')],
  institutionValue: [
    shownValue(required('admin.parameters.rules.valueRequired')),
    shownValue({
      fails: (value) => text(value) !== '' && !Number.isFinite(Number(text(value))),
      message: 'admin.parameters.rules.valueNumber',
    }),
  ],
});
