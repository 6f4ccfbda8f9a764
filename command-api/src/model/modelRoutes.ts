import type Router from '@koa/router';
import type { CommandDeps } from '../commandDeps';
import { categoryRoutes } from './categoryRoutes';
import { formulaCheckRoutes } from './formulaCheckRoutes';
import { parameterTemplateRoutes } from './parameterTemplateRoutes';
import { variableRoutes } from './variableRoutes';

/** Categories, variables and parameter templates: every change is an event of the `scoring-model` stream. */
export function modelRoutes(router: Router, deps: CommandDeps): void {
  categoryRoutes(router, deps);
  formulaCheckRoutes(router, deps);
  variableRoutes(router, deps);
  parameterTemplateRoutes(router, deps);
}
