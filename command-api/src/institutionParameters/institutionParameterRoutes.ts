import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  assertCanAccessInstitution,
  assertSignedIn,
  institutionParametersStream,
  NotFoundError,
  routeId,
  ValidationError,
  type AuthenticatedUser,
  type ScoringModel,
} from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { loadAccount } from '../access/account';
import { handleCommand } from '../commandHandling';
import { answer, metadataFor } from '../http/answer';
import { asBody, field } from '../http/input';
import { loadScoringModel } from '../model/modelCommands';
import { toNumber } from '../model/modelInput';
import { institutionParametersDecider, type InstitutionParametersCommand, type ParameterEntry } from './decideInstitutionParameters';
import { pairedTemplates } from './parameterBounds';
import { parameterEntries, requestedValues, valueOf, visibleTemplate, type RequestedValue } from './parameterEntries';
import { parameterValueId, parameterValueOwner } from './parameterValueIds';

const valueView = (institutionId: number, entry: ParameterEntry) => ({
  id: entry.valueId,
  parameterId: entry.parameterId,
  institutionId,
  value: entry.value,
  parameter: { id: entry.parameterId, name: entry.parameterName, uniqueCode: entry.uniqueCode },
});

/** The institution a call is about: the path's, else the body's, else the caller's own. */
function targetInstitution(ctx: Context, user: AuthenticatedUser, fromPath?: string): number {
  const fromBody = field(asBody(ctx.request.body), 'institutionId', 'institution_id');
  let institutionId: number | null;
  if (fromPath !== undefined) institutionId = routeId(fromPath, 'Institution');
  else if (fromBody !== undefined && fromBody !== null && fromBody !== '') institutionId = toNumber(fromBody);
  else institutionId = user.institutionId;
  if (institutionId === null || !Number.isSafeInteger(institutionId) || institutionId <= 0) {
    throw new ValidationError('Institution ID is required');
  }
  assertCanAccessInstitution(user, institutionId);
  return institutionId;
}

export function institutionParameterRoutes(router: Router, deps: CommandDeps): void {
  const run = async (ctx: Context, user: AuthenticatedUser, institutionId: number, command: InstitutionParametersCommand) => {
    // An institution acting on itself was just read by authenticate; an administrator names one.
    if (user.isAdmin) {
      const institution = await loadAccount(deps.store, 'institution', institutionId);
      if (!institution || institution.status === 'closed') throw new NotFoundError('Institution not found');
    }
    return handleCommand(
      deps.store,
      institutionParametersStream(institutionId),
      institutionParametersDecider,
      command,
      metadataFor(ctx, user, institutionId),
    );
  };

  const saveValues = (
    ctx: Context,
    user: AuthenticatedUser,
    institutionId: number,
    model: ScoringModel,
    reason: 'set' | 'reset',
    entries: ParameterEntry[],
  ) =>
    run(ctx, user, institutionId, {
      type: 'SetParameterValues',
      institutionId,
      reason,
      entries,
      pairs: pairedTemplates(model.templates.values()),
    });

  const setValues = async (ctx: Context, user: AuthenticatedUser, institutionId: number, requested: RequestedValue[], message: string) => {
    const model = await loadScoringModel(deps.store);
    const { entries, warnings } = await parameterEntries(deps.knex, model, user, institutionId, requested);
    const { result } = await saveValues(ctx, user, institutionId, model, 'set', entries);
    answer(ctx, message, { institutionId, parameters: entries.map((entry) => valueView(institutionId, entry)), warnings }, result);
  };

  router.post('/institution/setParameters/:institutionId', async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    const institutionId = targetInstitution(ctx, user, ctx.params.institutionId);
    await setValues(ctx, user, institutionId, requestedValues(ctx.request.body), 'Parameters saved successfully');
  });
  router.post('/institution/setParameters', async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    const institutionId = targetInstitution(ctx, user);
    await setValues(ctx, user, institutionId, requestedValues(ctx.request.body), 'Parameters saved successfully');
  });

  // The formula screen's single value: the path names the parameter template.
  router.put('/institution/updateParameter/:id', async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    const body = asBody(ctx.request.body);
    const parameterId = routeId(ctx.params.id, 'Parameter');
    const sent = field(body, 'parameterId', 'parameter_id');
    if (sent !== undefined && sent !== null && toNumber(sent) !== parameterId)
      throw new ValidationError('parameterId does not match the path');
    const institutionId = targetInstitution(ctx, user);
    await setValues(ctx, user, institutionId, [{ parameterId, value: valueOf(body) }], 'Parameter updated successfully');
  });

  const ownedValue = async (user: AuthenticatedUser, id: string | undefined) => {
    const owner = await parameterValueOwner(deps.knex, routeId(id, 'Parameter value'));
    if (!owner) throw new NotFoundError('Parameter value not found');
    assertCanAccessInstitution(user, owner.institutionId);
    return owner;
  };

  router.put('/institution/updateParameterValue/:id', async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    const owner = await ownedValue(user, ctx.params.id);
    const value = valueOf(asBody(ctx.request.body));
    await setValues(ctx, user, owner.institutionId, [{ parameterId: owner.parameterId, value }], 'Parameters updated successfully');
  });

  router.delete('/institution/deleteParameter/:id', async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    const { institutionId, parameterId } = await ownedValue(user, ctx.params.id);
    const model = await loadScoringModel(deps.store);
    const template = visibleTemplate(model, user, parameterId);
    const { result } = await run(ctx, user, institutionId, {
      type: 'RemoveParameterValue',
      institutionId,
      parameterId,
      parameterName: template.name,
      uniqueCode: template.uniqueCode,
      pairs: pairedTemplates(model.templates.values()),
    });
    answer(
      ctx,
      'Parameter deleted successfully',
      { id: Number(ctx.params.id), institutionId, parameterId, defaultValue: template.defaultValue },
      result,
    );
  });

  // Reset to Defaults: every active template back to its own default value (not to 0).
  const reset = async (ctx: Context, user: AuthenticatedUser, institutionId: number) => {
    const model = await loadScoringModel(deps.store);
    const entries: ParameterEntry[] = [];
    for (const template of [...model.templates.values()].filter((candidate) => candidate.isActive)) {
      entries.push({
        parameterId: template.parameterId,
        valueId: await parameterValueId(deps.knex, institutionId, template.parameterId),
        parameterName: template.name,
        uniqueCode: template.uniqueCode,
        defaultValue: template.defaultValue,
        value: template.defaultValue,
      });
    }
    const { result } = await saveValues(ctx, user, institutionId, model, 'reset', entries);
    answer(
      ctx,
      'Parameters reset to defaults',
      { institutionId, parameters: entries.map((entry) => valueView(institutionId, entry)) },
      result,
    );
  };
  router.post('/institution/resetParameters/:institutionId', async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    await reset(ctx, user, targetInstitution(ctx, user, ctx.params.institutionId));
  });
  router.post('/institution/resetParameters', async (ctx) => {
    const user = assertSignedIn(ctx.state.user);
    await reset(ctx, user, targetInstitution(ctx, user));
  });
}
