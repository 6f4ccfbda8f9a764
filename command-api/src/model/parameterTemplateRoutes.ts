import type Router from '@koa/router';
import { assertAdmin, routeId, type ParameterTemplateCreatedData, evolveScoringModel } from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { decidedData } from '../commandHandling';
import { answer } from '../http/answer';
import { asBody } from '../http/input';
import { templateFields } from './modelInput';
import { runModelCommand } from './modelCommands';

const templateView = (template: ParameterTemplateCreatedData) => ({
  id: template.parameterId,
  uniqueCode: template.uniqueCode,
  name: template.name,
  description: template.description,
  recommendedRange: template.recommendedRange,
  impact: template.impact,
  defaultValue: template.defaultValue,
  isActive: template.isActive,
  is_active: template.isActive,
  isRequired: template.isRequired,
  is_required: template.isRequired,
  isInstitutionSpecific: template.isInstitutionSpecific,
  normalizationFormula: template.normalizationFormula,
});

export function parameterTemplateRoutes(router: Router, deps: CommandDeps): void {
  router.post('/parameter/create', async (ctx) => {
    const user = assertAdmin(ctx.state.user);
    const fields = templateFields(asBody(ctx.request.body), 'create');
    const { result, events } = await runModelCommand(deps.store, ctx, user, { type: 'CreateParameterTemplate', fields });
    ctx.status = 201;
    answer(ctx, 'Parameter created successfully', templateView(decidedData(events, 'ParameterTemplateCreated')), result);
  });

  router.put('/parameter/update/:id', async (ctx) => {
    const user = assertAdmin(ctx.state.user);
    const parameterId = routeId(ctx.params.id, 'Parameter');
    const changes = templateFields(asBody(ctx.request.body), 'update');
    const { result, events, state } = await runModelCommand(deps.store, ctx, user, {
      type: 'UpdateParameterTemplate',
      parameterId,
      changes,
    });
    const updated = events.reduce(evolveScoringModel, state).templates.get(parameterId) as ParameterTemplateCreatedData;
    answer(ctx, 'Parameter updated successfully', templateView(updated), result);
  });

  router.delete('/parameter/delete/:id', async (ctx) => {
    const user = assertAdmin(ctx.state.user);
    const parameterId = routeId(ctx.params.id, 'Parameter');
    const { result } = await runModelCommand(deps.store, ctx, user, { type: 'DeleteParameterTemplate', parameterId });
    answer(ctx, 'Parameter deleted successfully', { id: parameterId }, result);
  });
}
