export type {
  CategoryMapping,
  InstitutionParameterValues,
  ModelSnapshot,
  ParameterImpact,
  ParameterTemplate,
  ResponseType,
  Variable,
  VariableCategory,
} from './modelSnapshot';
export { canonicalJson, snapshotHash } from './snapshotHash';
export { roundHalfAwayFromZero } from './roundHalfAwayFromZero';
export { isBlankCell, parseDecimal, parseYesNo } from './cellParsing';
export { FORMULA_FUNCTIONS, FORMULA_VALUE_NAMES } from './formulaNames';
export { compileFormula, evaluateFormula, isDefaultFormula, validateFormula } from './formula';
export type { CompiledFormula, FormulaCheck, FormulaFunction, FormulaRange, FormulaTrial } from './formula';
export { cellProblem, compileNormaliser, testNormalisation } from './normalisation';
export { clampUnit, linear } from './unitInterval';
export type { CompiledNormaliser, Direction, NormalisationInput, NormalisationTrial, Normaliser } from './normalisation';
export {
  BUILT_IN_PARAMETER_DEFAULTS,
  PARAMETER_BOUNDS,
  PARAMETER_CODES,
  resolveScoringParameters,
  scoringParameterNamed,
} from './scoringParameters';
export type { ScoringParameterName, ScoringParameters } from './scoringParameters';
export { compileModel, headerKey, ModelCompileError } from './compileModel';
export type { CompiledCategory, CompiledModel, CompiledVariable, ModelCompileProblem } from './compileModel';
export { recordCell, recordHeader, resolveColumns } from './columns';
export type { ClientRecord, ColumnMap, Row } from './columns';
export { creditLimitFor, interestRateFor, weightedSum } from './creditTerms';
export { scoreRecord, scoreRow } from './scoreRecord';
export type { CellError, RejectedRecord, ScoredRecord, ScoreResult } from './scoreRecord';
export { explain, explainRow, MASKED_CELL } from './explain';
export type { CategoryExplanation, Explanation, VariableExplanation, VariableStatus } from './explain';
export { MAX_REASON_CODES } from './reasonCodes';
export type { ReasonCode, ReasonKind } from './reasonCodes';
export { starterModel } from './starterModel';
export type { StarterCategory, StarterModel, StarterParameterTemplate } from './starterModel';
export { generateRecords, generateRows, IDENTITY_COLUMNS, seededRandom } from './generateRecords';
export type { GeneratedRows, GeneratorOptions } from './generateRecords';
export { IDENTITY_HEADERS, identityColumns } from './identityColumns';
export type { IdentityColumns } from './identityColumns';
