import type Router from '@koa/router';
import { assertAdmin, routeId, type VariableCategoryData } from '@credit/events';
import type { CommandDeps } from '../commandDeps';
import { decidedData } from '../commandHandling';
import { answer } from '../http/answer';
import { asBody } from '../http/input';
import { categoryFields } from './modelInput';
import { runModelCommand } from './modelCommands';

const categoryView = (category: VariableCategoryData) => ({
  id: category.categoryId,
  name: category.name,
  description: category.description,
  creditLimitWeight: category.creditLimitWeight,
  interestRateWeight: category.interestRateWeight,
});

/** Both spellings of the category calls: `/variableCategory/...` and the formula screen's `/variable/category/...`. */
export function categoryRoutes(router: Router, deps: CommandDeps): void {
  for (const base of ['/variableCategory', '/variable/category']) {
    router.post(`${base}/create`, async (ctx) => {
      const user = assertAdmin(ctx.state.user);
      const fields = categoryFields(asBody(ctx.request.body));
      const { result, events } = await runModelCommand(deps.store, ctx, user, { type: 'CreateCategory', fields });
      ctx.status = 201;
      answer(ctx, 'Category created successfully', categoryView(decidedData(events, 'VariableCategoryCreated')), result);
    });

    router.put(`${base}/update/:id`, async (ctx) => {
      const user = assertAdmin(ctx.state.user);
      const categoryId = routeId(ctx.params.id, 'Category');
      const fields = categoryFields(asBody(ctx.request.body));
      const { result } = await runModelCommand(deps.store, ctx, user, { type: 'UpdateCategory', categoryId, fields });
      answer(ctx, 'Category updated successfully', categoryView({ categoryId, ...fields }), result);
    });

    router.delete(`${base}/delete/:id`, async (ctx) => {
      const user = assertAdmin(ctx.state.user);
      const categoryId = routeId(ctx.params.id, 'Category');
      const { result } = await runModelCommand(deps.store, ctx, user, { type: 'DeleteCategory', categoryId });
      answer(ctx, 'Category deleted successfully', { id: categoryId }, result);
    });
  }
}
