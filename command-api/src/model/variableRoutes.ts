import type Router from '@koa/router';
import { assertAdmin, routeId, type VariableData, evolveScoringModel, type ModelEvent, type ScoringModel } from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { answer } from '../http/answer';
import { asBody } from '../http/input';
import { redistribution, variableFields } from './modelInput';
import { proportionWarnings, runModelCommand, variableAnswer } from './modelCommands';
import { decidedData } from '../commandHandling';

/** The model after the command's events, to warn about a category a move or deletion left off 100%. */
const after = (model: ScoringModel, events: readonly ModelEvent[]): ScoringModel => events.reduce(evolveScoringModel, model);

export function variableRoutes(router: Router, deps: CommandDeps): void {
  router.post('/variable/create', async (ctx) => {
    const user = assertAdmin(ctx.state.user);
    const body = asBody(ctx.request.body);
    const fields = variableFields(body, 'create');
    const { result, events } = await runModelCommand(deps.store, ctx, user, {
      type: 'DefineVariable',
      fields,
      redistribute: redistribution(body),
    });
    ctx.status = 201;
    answer(ctx, 'Variable created successfully', variableAnswer(decidedData(events, 'VariableDefined')), result);
  });

  router.put('/variable/update/:id', async (ctx) => {
    const user = assertAdmin(ctx.state.user);
    const variableId = routeId(ctx.params.id, 'Variable');
    const body = asBody(ctx.request.body);
    const changes = variableFields(body, 'update');
    const { result, events, state } = await runModelCommand(deps.store, ctx, user, {
      type: 'UpdateVariable',
      variableId,
      changes,
      redistribute: redistribution(body),
    });
    const next = after(state, events);
    const previous = state.variables.get(variableId);
    const updated = next.variables.get(variableId) as VariableData;
    const warnings = previous && previous.categoryId !== updated.categoryId ? proportionWarnings(next, [previous.categoryId]) : [];
    answer(ctx, 'Variable updated successfully', { ...variableAnswer(updated), warnings }, result);
  });

  router.delete('/variable/delete/:id', async (ctx) => {
    const user = assertAdmin(ctx.state.user);
    const variableId = routeId(ctx.params.id, 'Variable');
    const { result, events, state } = await runModelCommand(deps.store, ctx, user, {
      type: 'DeleteVariable',
      variableId,
      redistribute: redistribution(asBody(ctx.request.body)),
    });
    const categoryId = state.variables.get(variableId)?.categoryId;
    const warnings = categoryId === undefined ? [] : proportionWarnings(after(state, events), [categoryId]);
    answer(ctx, 'Variable deleted successfully', { id: variableId, warnings }, result);
  });
}
