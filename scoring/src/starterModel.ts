import type { CategoryMapping, ParameterTemplate, Variable, VariableCategory } from './modelSnapshot';

export type StarterCategory = VariableCategory & { readonly description: string };

export type StarterParameterTemplate = ParameterTemplate &
  Required<Pick<ParameterTemplate, 'description' | 'recommendedRange' | 'impact' | 'isRequired' | 'isInstitutionSpecific'>>;

/** The five Cs of credit, seeded once by the system actor; plain JSON so it can travel as events. */
export type StarterModel = {
  readonly categories: readonly StarterCategory[];
  readonly variables: readonly Variable[];
  readonly parameterTemplates: readonly StarterParameterTemplate[];
};

const CHARACTER = 1;
const CAPACITY = 2;
const CAPITAL = 3;
const COLLATERAL = 4;
const CONDITIONS = 5;

function mappings(entries: Readonly<Record<string, number>>): CategoryMapping[] {
  return Object.entries(entries).map(([categoryName, numericValue]) => ({ categoryName, numericValue }));
}

type VariableDraft = Omit<Variable, 'isActive' | 'mask' | 'isRequired' | 'normalisationFormula' | 'categoryMappings'> &
  Partial<Pick<Variable, 'mask' | 'isRequired' | 'normalisationFormula' | 'categoryMappings'>>;

function variable(draft: VariableDraft): Variable {
  return {
    isRequired: true,
    mask: false,
    isActive: true,
    normalisationFormula: null,
    ...draft,
  };
}

export function starterModel(): StarterModel {
  const categories: StarterCategory[] = [
    {
      id: CHARACTER,
      name: 'Character',
      description: 'Track record and reliability as a borrower',
      creditLimitWeight: 25,
      interestRateWeight: 30,
    },
    { id: CAPACITY, name: 'Capacity', description: 'Ability to repay from current income', creditLimitWeight: 30, interestRateWeight: 25 },
    { id: CAPITAL, name: 'Capital', description: "The client's own savings and assets", creditLimitWeight: 15, interestRateWeight: 15 },
    {
      id: COLLATERAL,
      name: 'Collateral',
      description: 'Security pledged against the credit',
      creditLimitWeight: 20,
      interestRateWeight: 20,
    },
    {
      id: CONDITIONS,
      name: 'Conditions',
      description: 'Economic conditions and purpose of the credit',
      creditLimitWeight: 10,
      interestRateWeight: 10,
    },
  ];

  // Lower is better for debt and arrears, hence `1 - value / max_value`.
  const variables: Variable[] = [
    variable({
      id: 1,
      uniqueCode: 101,
      categoryId: CHARACTER,
      proportion: 50,
      name: 'Repayment history',
      description: 'How past credits were repaid: good, fair or poor',
      responseType: 'categorical',
      minValue: 0,
      maxValue: 100,
      categoryMappings: mappings({ good: 100, fair: 50, poor: 0 }),
    }),
    variable({
      id: 2,
      uniqueCode: 102,
      categoryId: CHARACTER,
      proportion: 30,
      name: 'Years as client',
      description: 'Years since the client opened an account with the institution (0 to 10)',
      responseType: 'int_float',
      minValue: 0,
      maxValue: 10,
    }),
    variable({
      id: 3,
      uniqueCode: 103,
      categoryId: CHARACTER,
      proportion: 20,
      name: 'Days past due in last 12 months',
      description: 'Total days of late repayment over the last 12 months (0 to 90)',
      responseType: 'int_float',
      minValue: 0,
      maxValue: 90,
      normalisationFormula: '1 - value / max_value',
      isRequired: false,
    }),
    variable({
      id: 4,
      uniqueCode: 201,
      categoryId: CAPACITY,
      proportion: 50,
      name: 'Monthly income',
      description: 'Net monthly income in XAF (0 to 2 000 000)',
      responseType: 'int_float',
      minValue: 0,
      maxValue: 2_000_000,
      mask: true,
    }),
    variable({
      id: 5,
      uniqueCode: 202,
      categoryId: CAPACITY,
      proportion: 30,
      name: 'Debt-to-income ratio',
      description: 'Monthly debt repayments as a percent of monthly income (0 to 100)',
      responseType: 'int_float',
      minValue: 0,
      maxValue: 100,
      normalisationFormula: '1 - value / max_value',
    }),
    variable({
      id: 6,
      uniqueCode: 203,
      categoryId: CAPACITY,
      proportion: 20,
      name: 'Employment type',
      description: 'Permanent, fixed-term, self-employed, informal or unemployed',
      responseType: 'categorical',
      minValue: 0,
      maxValue: 100,
      categoryMappings: mappings({ permanent: 100, 'fixed-term': 70, 'self-employed': 60, informal: 40, unemployed: 0 }),
    }),
    variable({
      id: 7,
      uniqueCode: 301,
      categoryId: CAPITAL,
      proportion: 60,
      name: 'Savings balance',
      description: 'Savings held with the institution in XAF (0 to 5 000 000)',
      responseType: 'int_float',
      minValue: 0,
      maxValue: 5_000_000,
      mask: true,
    }),
    variable({
      id: 8,
      uniqueCode: 302,
      categoryId: CAPITAL,
      proportion: 40,
      name: 'Owns home',
      description: 'Whether the client owns the home they live in (yes or no)',
      responseType: 'boolean',
      minValue: 0,
      maxValue: 1,
    }),
    variable({
      id: 9,
      uniqueCode: 401,
      categoryId: COLLATERAL,
      proportion: 30,
      name: 'Has collateral',
      description: 'Whether the credit is secured by pledged assets (yes or no)',
      responseType: 'boolean',
      minValue: 0,
      maxValue: 1,
    }),
    variable({
      id: 10,
      uniqueCode: 402,
      categoryId: COLLATERAL,
      proportion: 50,
      name: 'Collateral value',
      description: 'Appraised value of the pledged assets in XAF (0 to 10 000 000); blank when none',
      responseType: 'int_float',
      minValue: 0,
      maxValue: 10_000_000,
      isRequired: false,
      mask: true,
    }),
    variable({
      id: 11,
      uniqueCode: 403,
      categoryId: COLLATERAL,
      proportion: 20,
      name: 'Has guarantor',
      description: 'Whether a third party guarantees the credit (yes or no)',
      responseType: 'boolean',
      minValue: 0,
      maxValue: 1,
      isRequired: false,
    }),
    variable({
      id: 12,
      uniqueCode: 501,
      categoryId: CONDITIONS,
      proportion: 60,
      name: 'Sector outlook',
      description: "Outlook of the client's economic sector: growing, stable or declining",
      responseType: 'categorical',
      minValue: 0,
      maxValue: 100,
      categoryMappings: mappings({ growing: 100, stable: 60, declining: 20 }),
    }),
    variable({
      id: 13,
      uniqueCode: 502,
      categoryId: CONDITIONS,
      proportion: 40,
      name: 'Loan purpose',
      description: 'What the credit is for: working capital, equipment, education, housing or consumption',
      responseType: 'categorical',
      minValue: 0,
      maxValue: 100,
      categoryMappings: mappings({ 'working capital': 100, equipment: 90, education: 80, housing: 70, consumption: 40 }),
    }),
  ];

  const template = (
    id: number,
    name: string,
    description: string,
    recommendedRange: string,
    impact: StarterParameterTemplate['impact'],
    defaultValue: number,
  ): StarterParameterTemplate => ({
    id,
    uniqueCode: 1000 + id,
    name,
    description,
    recommendedRange,
    impact,
    defaultValue,
    isActive: true,
    isRequired: true,
    isInstitutionSpecific: true,
  });

  const parameterTemplates: StarterParameterTemplate[] = [
    template(
      1,
      'Minimum Credit Limit',
      'Credit limit, in XAF, granted to a client who just reaches the minimum score',
      '10 000 - 500 000 XAF',
      'high',
      50_000,
    ),
    template(
      2,
      'Maximum Credit Limit',
      'Credit limit, in XAF, granted to a client with a perfect score',
      '1 000 000 - 50 000 000 XAF',
      'high',
      5_000_000,
    ),
    template(
      3,
      'Minimum Interest Rate',
      'Interest rate, in % a year, offered to a client with a perfect score',
      '5 - 15 % a year',
      'high',
      8,
    ),
    template(
      4,
      'Maximum Interest Rate',
      'Interest rate, in % a year, offered to a client with the lowest score',
      '15 - 35 % a year',
      'high',
      24,
    ),
    template(
      5,
      'Minimum Score for Credit',
      'Score, as a fraction from 0 to 1, below which the credit limit is 0',
      '0.20 - 0.50',
      'high',
      0.3,
    ),
    template(
      6,
      'Usury Rate Cap (TEG)',
      "Highest effective rate allowed, in % a year: the regional central bank's usury rate for the quarter; 0 means no cap",
      "0 (no cap) or the quarter's usury rate",
      'medium',
      0,
    ),
  ];

  return { categories, variables, parameterTemplates };
}
