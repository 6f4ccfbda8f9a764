import { required, type Rule, type Schema } from '../../../shared/validation';

export type VariableFormValues = {
  name: string;
  uniqueCode: string;
  description: string;
  categoryId: string;
  responseType: string;
  minValue: string;
  maxValue: string;
  proportion: string;
  formula: string;
  isRequired: boolean;
  mask: boolean;
  isUsedInFormula: boolean;
};

type VariableRule = Rule<VariableFormValues>;

const text = (value: unknown) => String(value ?? '').trim();
export const isNumber = (value: unknown) => text(value) !== '' && Number.isFinite(Number(text(value)));

/** Unique codes are PostgreSQL integers, like the server checks. */
const wholeCode: VariableRule = {
  fails: (value) => text(value) !== '' && !(/^-?\d+$/.test(text(value)) && Math.abs(Number(text(value))) <= 2_147_483_647),
  message: 'admin.variables.rules.codeWhole',
};

/** Spec §5, Variable form, with the server's messages for what the spec leaves unsaid. */
export const variableRules: Schema<VariableFormValues> = {
  name: [required('admin.variables.rules.nameRequired')],
  uniqueCode: [required('admin.variables.rules.codeRequired'), wholeCode],
  description: [required('admin.variables.rules.descriptionRequired')],
  categoryId: [required('admin.variables.rules.categoryRequired')],
  responseType: [required('admin.variables.rules.responseTypeRequired')],
  minValue: [
    required('admin.variables.rules.minRequired'),
    { fails: (value) => !isNumber(value) || Number(text(value)) < 0, message: 'admin.variables.rules.minInvalid' },
  ],
  maxValue: [
    required('admin.variables.rules.maxRequired'),
    { fails: (value) => !isNumber(value), message: 'admin.variables.rules.maxInvalid' },
    {
      fails: (value, values) => isNumber(values.minValue) && Number(text(value)) <= Number(text(values.minValue)),
      message: 'admin.variables.rules.maxAboveMin',
    },
  ],
  proportion: [
    required('admin.variables.rules.proportionRequired'),
    {
      fails: (value) => !isNumber(value) || Number(text(value)) < 0 || Number(text(value)) > 100,
      message: 'admin.variables.rules.proportionRange',
    },
  ],
};

export type MappingDraft = { key: number; categoryName: string; numericValue: string };
export type MappingErrors = { list?: string; rows: Record<number, { name?: string; value?: string }> };

/** A categorical variable's mappings: at least one, each named once (any case) with a number. */
export function mappingErrors(mappings: readonly MappingDraft[]): MappingErrors {
  const rows: MappingErrors['rows'] = {};
  const seen = new Set<string>();
  for (const mapping of mappings) {
    const name = mapping.categoryName.trim().toLowerCase();
    const row: { name?: string; value?: string } = {};
    if (name === '') row.name = 'admin.variables.rules.mappingName';
    else if (seen.has(name)) row.name = 'admin.variables.rules.mappingUnique';
    seen.add(name);
    if (!isNumber(mapping.numericValue)) row.value = 'admin.variables.rules.mappingValue';
    if (row.name || row.value) rows[mapping.key] = row;
  }
  return { list: mappings.length === 0 ? 'admin.variables.rules.mappingsRequired' : undefined, rows };
}

export const hasMappingErrors = (errors: MappingErrors) => errors.list !== undefined || Object.keys(errors.rows).length > 0;
