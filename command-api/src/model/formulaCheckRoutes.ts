import type Router from '@koa/router';
import { assertAdmin, NotFoundError, UnprocessableError, ValidationError, ok, type ScoringModel } from '@credit/events';
import {
  evaluateFormula,
  parseDecimal,
  testNormalisation,
  validateFormula,
  type NormalisationInput,
  type ResponseType,
} from '@credit/scoring';
import type { CommandDeps } from '../commandDeps';
import { asBody, field, type Body } from '../http/input';
import { loadScoringModel } from './modelCommands';
import { toNumber, variableFields } from './modelInput';

/** The saved variable named by `variableId`, overridden by any definition fields the form sends unsaved. */
function draftVariable(model: ScoringModel, body: Body): NormalisationInput & { variableId: number | null } {
  const idValue = field(body, 'variableId', 'variable_id', 'id');
  const variableId = idValue === undefined || idValue === null || idValue === '' ? null : toNumber(idValue);
  const saved = variableId === null ? undefined : model.variables.get(variableId);
  if (variableId !== null && !saved) throw new NotFoundError('Variable not found');
  const overrides = variableFields(body, 'update');
  const formula = field(body, 'formula', 'normalisationFormula', 'normalizationFormula');
  const responseType = (overrides.responseType ?? saved?.responseType ?? 'int_float') as ResponseType;
  return {
    variableId,
    responseType,
    minValue: overrides.minValue ?? saved?.minValue ?? 0,
    maxValue: overrides.maxValue ?? saved?.maxValue ?? 100,
    normalisationFormula: formula !== undefined ? (formula === null ? null : String(formula)) : (saved?.normalisationFormula ?? null),
    categoryMappings: overrides.categoryMappings ?? saved?.categoryMappings ?? [],
  };
}

/** The formula screen's checks: nothing is saved, but a formula that would be refused at save time is refused here too. */
export function formulaCheckRoutes(router: Router, deps: CommandDeps): void {
  router.post('/variable/validate-normalization-formula', async (ctx) => {
    assertAdmin(ctx.state.user);
    const body = asBody(ctx.request.body);
    const draft = draftVariable(await loadScoringModel(deps.store), body);
    if (draft.responseType !== 'int_float') {
      throw new ValidationError('A normalization formula applies only to int_float (numeric) variables');
    }
    // A blank formula means "no formula" when a variable is saved; asked to validate one, there is nothing to call valid.
    if (!draft.normalisationFormula?.trim()) throw new ValidationError('Normalization formula is required');
    const range = { minValue: draft.minValue, maxValue: draft.maxValue };
    const check = validateFormula(draft.normalisationFormula, range);
    if (!check.ok) throw new UnprocessableError(`Invalid normalization formula: ${check.reason}`, { valid: false, reason: check.reason });
    const samples = [range.minValue, (range.minValue + range.maxValue) / 2, range.maxValue].map((value) => {
      const trial = evaluateFormula(draft.normalisationFormula, range, value);
      return { value, result: trial.ok ? trial.result : null };
    });
    ctx.body = ok('Formula is valid', { valid: true, formula: draft.normalisationFormula, ...range, samples });
  });

  router.post('/variable/test-variable-normalization', async (ctx) => {
    assertAdmin(ctx.state.user);
    const body = asBody(ctx.request.body);
    const testValue = field(body, 'testValue', 'test_value', 'value');
    if (testValue === undefined || testValue === null || String(testValue).trim() === '')
      throw new ValidationError('Test value is required');
    const draft = draftVariable(await loadScoringModel(deps.store), body);
    const range = { minValue: draft.minValue, maxValue: draft.maxValue };
    if (draft.responseType === 'int_float') {
      const check = validateFormula(draft.normalisationFormula, range);
      if (!check.ok) throw new UnprocessableError(`Invalid normalization formula: ${check.reason}`, { reason: check.reason });
    }
    const trial = testNormalisation(draft, String(testValue));
    if (!trial.ok) throw new UnprocessableError(`The test value cannot be normalised: ${trial.reason}`, { reason: trial.reason });
    const raw =
      draft.responseType === 'int_float' ? evaluateFormula(draft.normalisationFormula, range, parseDecimal(String(testValue))) : null;
    ctx.body = ok('Normalization tested successfully', {
      variableId: draft.variableId,
      testValue,
      normalizedValue: trial.n,
      formulaResult: raw && raw.ok ? raw.result : null,
    });
  });
}
