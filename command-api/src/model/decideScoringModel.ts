import {
  ConflictError,
  evolveScoringModel,
  initialScoringModel,
  isEventOf,
  modelEvents,
  NotFoundError,
  UnprocessableError,
  ValidationError,
  type ModelEvent,
  type ParameterTemplateCreatedData,
  type ParameterTemplateData,
  type ScoringModel,
  type VariableCategoryData,
  type VariableData,
} from '@credit/events';
import { canonicalJson, IDENTITY_HEADERS, validateFormula, type StarterModel } from '@credit/scoring';
import type { Decider } from '../commandHandling';

export type CategoryFields = Omit<VariableCategoryData, 'categoryId'>;
export type VariableFields = Omit<VariableData, 'variableId'>;
export type TemplateFields = Omit<ParameterTemplateCreatedData, 'parameterId'>;
export type ProportionChange = { variableId: number; proportion: number };

export type ModelCommand =
  | { type: 'SeedStarterModel'; model: StarterModel }
  | { type: 'CreateCategory'; fields: CategoryFields }
  | { type: 'UpdateCategory'; categoryId: number; fields: CategoryFields }
  | { type: 'DeleteCategory'; categoryId: number }
  | { type: 'DefineVariable'; fields: VariableFields; redistribute: ProportionChange[] }
  | { type: 'UpdateVariable'; variableId: number; changes: Partial<VariableFields>; redistribute: ProportionChange[] }
  | { type: 'DeleteVariable'; variableId: number; redistribute: ProportionChange[] }
  | { type: 'CreateParameterTemplate'; fields: TemplateFields }
  | { type: 'UpdateParameterTemplate'; parameterId: number; changes: Partial<TemplateFields> }
  | { type: 'DeleteParameterTemplate'; parameterId: number };

export const TOTAL_PROPORTION_MESSAGE = 'Total proportion for all variables in this category must be exactly 100%';
const PROPORTION_TOLERANCE = 0.01 + 1e-9;

function category(model: ScoringModel, categoryId: number): VariableCategoryData {
  const found = model.categories.get(categoryId);
  if (!found) throw new NotFoundError('Category not found');
  return found;
}

function variable(model: ScoringModel, variableId: number): VariableData {
  const found = model.variables.get(variableId);
  if (!found) throw new NotFoundError('Variable not found');
  return found;
}

function template(model: ScoringModel, parameterId: number): ParameterTemplateCreatedData {
  const found = model.templates.get(parameterId);
  if (!found) throw new NotFoundError('Parameter not found');
  return found;
}

function withoutCode(current: ParameterTemplateCreatedData): ParameterTemplateData {
  const copy: Partial<ParameterTemplateCreatedData> = { ...current };
  delete copy.uniqueCode;
  return copy as ParameterTemplateData;
}

const fold = (text: string) => text.trim().toLowerCase();

/** The shape rules of one variable, whatever the rest of the model holds. */
function checkVariable(fields: VariableFields, model: ScoringModel): VariableFields {
  if (!model.categories.has(fields.categoryId)) throw new ValidationError('The selected category does not exist');
  if (!(fields.maxValue > fields.minValue)) throw new ValidationError('Maximum value must be greater than minimum value');
  if ((IDENTITY_HEADERS as readonly string[]).some((column) => fold(column) === fold(fields.name))) {
    throw new ValidationError(`"${fields.name}" is reserved for a client identity column (${IDENTITY_HEADERS.join(', ')})`);
  }
  switch (fields.responseType) {
    case 'int_float': {
      const formula = fields.normalisationFormula?.trim() ? fields.normalisationFormula.trim() : null;
      const check = validateFormula(formula, { minValue: fields.minValue, maxValue: fields.maxValue });
      if (!check.ok) throw new UnprocessableError(`Invalid normalization formula: ${check.reason}`, { reason: check.reason });
      return { ...fields, normalisationFormula: formula, categoryMappings: [] };
    }
    case 'categorical': {
      if (fields.categoryMappings.length === 0) throw new ValidationError('A categorical variable needs at least one category mapping');
      const names = new Set(fields.categoryMappings.map((mapping) => fold(mapping.categoryName)));
      if (names.size !== fields.categoryMappings.length) throw new ValidationError('Category mapping names must be unique');
      return { ...fields, normalisationFormula: null };
    }
    case 'boolean':
      return { ...fields, normalisationFormula: null, categoryMappings: [] };
  }
}

function checkUniqueness(model: ScoringModel, fields: VariableFields, variableId: number | null): void {
  for (const other of model.variables.values()) {
    if (other.variableId === variableId) continue;
    if (other.uniqueCode === fields.uniqueCode) throw new ConflictError(`A variable with unique code ${fields.uniqueCode} already exists`);
    if (fold(other.name) === fold(fields.name)) throw new ConflictError(`A variable named "${other.name}" already exists`);
  }
}

type EditedShare = { proportion: number; isActive: boolean };

/**
 * When the category holds other active variables, their proportions (as redistributed) and the
 * edited one's must total 100. A deletion is checked only when it sends a redistribution. Returns
 * the redistribution entries that change something.
 */
function checkProportions(
  model: ScoringModel,
  categoryId: number,
  variableId: number,
  edited: EditedShare | null,
  redistribute: readonly ProportionChange[],
): ProportionChange[] {
  const siblings = [...model.variables.values()].filter(
    (candidate) => candidate.categoryId === categoryId && candidate.variableId !== variableId,
  );
  const requested = new Map<number, number>();
  for (const entry of redistribute) {
    if (requested.has(entry.variableId)) throw new ValidationError(`Variable ${entry.variableId} appears twice in redistributeProportions`);
    if (!siblings.some((sibling) => sibling.variableId === entry.variableId)) {
      throw new ValidationError(`Variable ${entry.variableId} in redistributeProportions is not another variable of this category`);
    }
    requested.set(entry.variableId, entry.proportion);
  }
  const active = siblings.filter((sibling) => sibling.isActive);
  const mustTotal = active.length > 0 && (edited !== null || redistribute.length > 0);
  if (mustTotal) {
    const own = edited?.isActive ? edited.proportion : 0;
    const total = active.reduce((sum, sibling) => sum + (requested.get(sibling.variableId) ?? sibling.proportion), own);
    if (Math.abs(total - 100) > PROPORTION_TOLERANCE) {
      throw new ValidationError(TOTAL_PROPORTION_MESSAGE, { total: Math.round(total * 100) / 100 });
    }
  }
  return siblings
    .filter((sibling) => requested.has(sibling.variableId) && requested.get(sibling.variableId) !== sibling.proportion)
    .map((sibling) => ({ variableId: sibling.variableId, proportion: requested.get(sibling.variableId) as number }));
}

const redistributed = (categoryId: number, proportions: ProportionChange[]): ModelEvent[] =>
  proportions.length === 0 ? [] : [{ type: 'VariableProportionsRedistributed', data: { categoryId, proportions } }];

const sameJson = (left: unknown, right: unknown) => canonicalJson(left) === canonicalJson(right);

function seed(model: StarterModel): ModelEvent[] {
  return [
    ...model.categories.map(({ id, name, description, creditLimitWeight, interestRateWeight }) => ({
      type: 'VariableCategoryCreated' as const,
      data: { categoryId: id, name, description, creditLimitWeight, interestRateWeight },
    })),
    ...model.variables.map((starter) => ({
      type: 'VariableDefined' as const,
      data: {
        variableId: starter.id,
        name: starter.name,
        description: starter.description,
        uniqueCode: starter.uniqueCode,
        categoryId: starter.categoryId,
        proportion: starter.proportion,
        minValue: starter.minValue,
        maxValue: starter.maxValue,
        responseType: starter.responseType,
        normalisationFormula: starter.normalisationFormula ?? null,
        categoryMappings: [...(starter.categoryMappings ?? [])],
        isRequired: starter.isRequired,
        mask: starter.mask,
        isUsedInFormula: false,
        isActive: starter.isActive,
      } satisfies VariableData,
    })),
    ...model.parameterTemplates.map((starter) => ({
      type: 'ParameterTemplateCreated' as const,
      data: {
        parameterId: starter.id,
        uniqueCode: starter.uniqueCode,
        name: starter.name,
        description: starter.description,
        recommendedRange: starter.recommendedRange,
        impact: starter.impact,
        defaultValue: starter.defaultValue,
        isActive: starter.isActive,
        isRequired: starter.isRequired,
        isInstitutionSpecific: starter.isInstitutionSpecific,
        normalizationFormula: null,
      } satisfies ParameterTemplateCreatedData,
    })),
  ];
}

export function decideScoringModel(command: ModelCommand, model: ScoringModel): ModelEvent[] {
  switch (command.type) {
    case 'SeedStarterModel':
      return model.isEmpty ? seed(command.model) : [];
    case 'CreateCategory':
      return [{ type: 'VariableCategoryCreated', data: { categoryId: model.lastCategoryId + 1, ...command.fields } }];
    case 'UpdateCategory': {
      const current = category(model, command.categoryId);
      const next = { ...command.fields, categoryId: current.categoryId };
      return sameJson(current, next) ? [] : [{ type: 'VariableCategoryUpdated', data: next }];
    }
    case 'DeleteCategory': {
      const current = category(model, command.categoryId);
      const held = [...model.variables.values()].filter((candidate) => candidate.categoryId === current.categoryId).length;
      if (held > 0) {
        throw new ConflictError(
          `This category still holds ${held} variable${held === 1 ? '' : 's'}; move or delete ${held === 1 ? 'it' : 'them'} before deleting the category`,
          { variableCount: held },
        );
      }
      return [{ type: 'VariableCategoryDeleted', data: { categoryId: current.categoryId } }];
    }
    case 'DefineVariable': {
      const fields = checkVariable(command.fields, model);
      checkUniqueness(model, fields, null);
      const variableId = model.lastVariableId + 1;
      const changes = checkProportions(model, fields.categoryId, variableId, fields, command.redistribute);
      return [{ type: 'VariableDefined', data: { variableId, ...fields } }, ...redistributed(fields.categoryId, changes)];
    }
    case 'UpdateVariable': {
      const current = variable(model, command.variableId);
      const { variableId, ...currentFields } = current;
      const fields = checkVariable({ ...currentFields, ...command.changes }, model);
      checkUniqueness(model, fields, variableId);
      const changes = checkProportions(model, fields.categoryId, variableId, fields, command.redistribute);
      const next = { variableId, ...fields };
      const updated: ModelEvent[] = sameJson(current, next) ? [] : [{ type: 'VariableUpdated', data: next }];
      return [...updated, ...redistributed(fields.categoryId, changes)];
    }
    case 'DeleteVariable': {
      const current = variable(model, command.variableId);
      const changes = checkProportions(model, current.categoryId, current.variableId, null, command.redistribute);
      return [{ type: 'VariableDeleted', data: { variableId: current.variableId } }, ...redistributed(current.categoryId, changes)];
    }
    case 'CreateParameterTemplate': {
      const clash = [...model.templates.values()].find((existing) => existing.uniqueCode === command.fields.uniqueCode);
      if (clash) throw new ConflictError(`A parameter with unique code ${command.fields.uniqueCode} already exists`);
      return [{ type: 'ParameterTemplateCreated', data: { parameterId: model.lastParameterId + 1, ...command.fields } }];
    }
    case 'UpdateParameterTemplate': {
      const current = template(model, command.parameterId);
      const { uniqueCode, ...changes } = command.changes;
      if (uniqueCode !== undefined && uniqueCode !== current.uniqueCode) {
        throw new ValidationError('The unique code of a parameter cannot be changed after creation');
      }
      const next = { ...withoutCode(current), ...changes, parameterId: current.parameterId };
      return sameJson(withoutCode(current), next) ? [] : [{ type: 'ParameterTemplateUpdated', data: next }];
    }
    case 'DeleteParameterTemplate': {
      const current = template(model, command.parameterId);
      return [{ type: 'ParameterTemplateDeleted', data: { parameterId: current.parameterId } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const scoringModelDecider: Decider<ScoringModel, ModelCommand, ModelEvent> = {
  isEvent: isEventOf(modelEvents),
  initialState: initialScoringModel,
  evolve: evolveScoringModel,
  decide: decideScoringModel,
};
