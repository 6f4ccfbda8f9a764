import type { Context } from 'koa';
import {
  SCORING_MODEL_STREAM,
  variableView,
  type AuthenticatedUser,
  type EventStore,
  type VariableData,
  type ScoringModel,
} from '@credit/events';
import { handleCommand, loadState } from '../commandHandling';
import { metadataFor } from '../http/answer';
import { scoringModelDecider, type ModelCommand } from './decideScoringModel';

/** Every model change goes through the one `scoring-model` stream, so the model's rules see all of it. */
export const runModelCommand = (store: EventStore, ctx: Context, user: AuthenticatedUser, command: ModelCommand) =>
  handleCommand(store, SCORING_MODEL_STREAM, scoringModelDecider, command, metadataFor(ctx, user, null));

export const loadScoringModel = async (store: EventStore): Promise<ScoringModel> =>
  (await loadState(store, SCORING_MODEL_STREAM, scoringModelDecider)).state;

/** A variable as answered after a change: the shared view, with its category mappings as defined. */
export const variableAnswer = (variable: VariableData) => ({ ...variableView(variable), categoryMappings: variable.categoryMappings });

/** A category whose active variables no longer total 100 after a change elsewhere (a move or a deletion). */
export function proportionWarnings(model: ScoringModel, categoryIds: readonly number[]): string[] {
  const warnings: string[] = [];
  for (const categoryId of new Set(categoryIds)) {
    const category = model.categories.get(categoryId);
    const active = [...model.variables.values()].filter((variable) => variable.categoryId === categoryId && variable.isActive);
    if (!category || active.length === 0) continue;
    const total = Math.round(active.reduce((sum, variable) => sum + variable.proportion, 0) * 100) / 100;
    if (Math.abs(total - 100) > 0.01) {
      warnings.push(`The variables of category "${category.name}" now total ${total}%; adjust their proportions to 100%`);
    }
  }
  return warnings;
}
