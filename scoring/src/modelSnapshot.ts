export type ResponseType = 'int_float' | 'boolean' | 'categorical';

export type VariableCategory = {
  readonly id: number;
  readonly name: string;
  readonly description?: string;
  /** 0 to 100 */
  readonly creditLimitWeight: number;
  /** 0 to 100 */
  readonly interestRateWeight: number;
};

export type CategoryMapping = {
  readonly categoryName: string;
  readonly numericValue: number;
};

export type Variable = {
  readonly id: number;
  readonly name: string;
  readonly uniqueCode: number;
  readonly description: string;
  readonly categoryId: number;
  /** Percent of its category; a category's proportions total 100. */
  readonly proportion: number;
  readonly minValue: number;
  readonly maxValue: number;
  readonly responseType: ResponseType;
  readonly normalisationFormula?: string | null;
  readonly categoryMappings?: readonly CategoryMapping[];
  readonly isRequired: boolean;
  readonly mask: boolean;
  readonly isActive: boolean;
};

export type ParameterImpact = 'high' | 'medium' | 'low' | 'positive' | 'negative' | 'neutral';

export type ParameterTemplate = {
  readonly id: number;
  readonly uniqueCode: number;
  readonly name: string;
  readonly description?: string;
  readonly recommendedRange?: string;
  readonly impact?: ParameterImpact;
  readonly defaultValue: number;
  readonly isActive: boolean;
  readonly isRequired?: boolean;
  readonly isInstitutionSpecific?: boolean;
};

/** The model as it stood at one position of the event log. */
export type ModelSnapshot = {
  /** The global log position the snapshot was taken at. */
  readonly version: number;
  readonly categories: readonly VariableCategory[];
  readonly variables: readonly Variable[];
  readonly parameterTemplates: readonly ParameterTemplate[];
};

type ParameterValueMap = Readonly<Record<number, number | null | undefined>>;

/** An institution's own values; a template id match wins over a code match. */
export type InstitutionParameterValues = {
  readonly byTemplateId?: ParameterValueMap;
  readonly byCode?: ParameterValueMap;
};
