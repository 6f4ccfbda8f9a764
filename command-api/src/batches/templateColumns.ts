import { IDENTITY_HEADERS, type Variable } from '@credit/scoring';

/**
 * One column of the upload template, as the CSV template, its notes and the XLSX workbook describe it:
 * the identity columns, then the model's active variables in the model's order (category, then variable).
 */
export type TemplateColumn = {
  readonly name: string;
  readonly required: boolean;
  readonly type: 'text' | 'number' | 'yes/no' | 'category';
  /** A number column's range. */
  readonly range: { readonly min: number; readonly max: number } | null;
  /** The values a drop-down offers: a category's names, or yes and no. */
  readonly choices: readonly string[];
  /** What the notes say is accepted (yes/no cells accept more spellings than the drop-down offers). */
  readonly allowedValues: string;
  readonly description: string;
};

export const NOTES_HEADER = ['column', 'required', 'type', 'range', 'allowed values', 'description'] as const;

const YES_NO_CHOICES = ['yes', 'no'] as const;
const YES_NO_ACCEPTED = 'yes, no (also oui/non, true/false, 1/0)';

/** The model's active variables in the template's order. */
export function templateVariables(model: { readonly variables: readonly Variable[] }): Variable[] {
  return model.variables.filter((variable) => variable.isActive).sort((a, b) => a.categoryId - b.categoryId || a.id - b.id);
}

export function templateColumns(model: { readonly variables: readonly Variable[] }): TemplateColumn[] {
  const identity = IDENTITY_HEADERS.map((name): TemplateColumn => ({
    name,
    required: name === 'reference_number',
    type: 'text',
    range: null,
    choices: [],
    allowedValues: '',
    description: 'client identity',
  }));
  return [...identity, ...templateVariables(model).map(variableColumn)];
}

function variableColumn(variable: Variable): TemplateColumn {
  const base = { name: variable.name, required: variable.isRequired, description: variable.description };
  switch (variable.responseType) {
    case 'int_float':
      return { ...base, type: 'number', range: { min: variable.minValue, max: variable.maxValue }, choices: [], allowedValues: '' };
    case 'boolean':
      return { ...base, type: 'yes/no', range: null, choices: YES_NO_CHOICES, allowedValues: YES_NO_ACCEPTED };
    case 'categorical': {
      const choices = (variable.categoryMappings ?? []).map((mapping) => mapping.categoryName);
      return { ...base, type: 'category', range: null, choices, allowedValues: choices.join('; ') };
    }
  }
}

export const rangeText = (range: TemplateColumn['range']): string => (range ? `${range.min} to ${range.max}` : '');

/** The notes' rows, header first: per column, required or optional, type, range, allowed values and description. */
export function notesRows(columns: readonly TemplateColumn[]): string[][] {
  return [
    [...NOTES_HEADER],
    ...columns.map((column) => [
      column.name,
      column.required ? 'required' : 'optional',
      column.type,
      rangeText(column.range),
      column.allowedValues,
      column.description,
    ]),
  ];
}
