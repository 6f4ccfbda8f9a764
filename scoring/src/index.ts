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
export { parseDecimal } from './cellParsing';
export { evaluateFormula, validateFormula } from './formula';
export type { CompiledFormula, FormulaCheck, FormulaFunction, FormulaRange, FormulaTrial } from './formula';
export { testNormalisation } from './normalisation';
export type { CompiledNormaliser, Direction, NormalisationInput, NormalisationTrial, Normaliser } from './normalisation';
export { PARAMETER_BOUNDS, PARAMETER_CODES, scoringParameterNamed } from './scoringParameters';
export type { ScoringParameterName, ScoringParameters } from './scoringParameters';
export { compileModel, ModelCompileError } from './compileModel';
export type { CompiledCategory, CompiledModel, CompiledVariable, ModelCompileProblem } from './compileModel';
export { resolveColumns } from './columns';
export type { ClientRecord, ColumnMap, Row } from './columns';
export { scoreRecord, scoreRow } from './scoreRecord';
export type { CellError, CellProblem, RejectedRecord, ScoredRecord, ScoreResult } from './scoreRecord';
export { explain, explainRow } from './explain';
export type { CategoryExplanation, Explanation, VariableExplanation, VariableStatus } from './explain';
export type { ReasonCode, ReasonKind, ReasonParams, ReasonSentence } from './reasonCodes';
export { starterModel } from './starterModel';
export type { StarterCategory, StarterModel, StarterParameterTemplate } from './starterModel';
export { generateRecords, generateRows } from './generateRecords';
export type { GeneratedRows, GeneratorOptions } from './generateRecords';
export { IDENTITY_HEADERS, identityColumns } from './identityColumns';
export type { IdentityColumns } from './identityColumns';
