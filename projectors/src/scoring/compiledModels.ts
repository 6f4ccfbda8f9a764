import type { EventStore } from '@credit/events';
import { compileModel, resolveColumns, type ColumnMap, type CompiledModel } from '@credit/scoring';
import { loadInstitutionParametersAsOf, loadModelAsOf } from '../model/modelAsOf';

export type ScoringContext = { compiled: CompiledModel; columns: ColumnMap };

/**
 * Compiled models by (model version, institution, headers): a batch's chunks all score with the
 * model and parameters as of the batch's upload position, compiled once.
 */
export class CompiledModels {
  private readonly cache = new Map<string, Promise<ScoringContext>>();

  constructor(
    private readonly store: EventStore,
    private readonly capacity = 32,
  ) {}

  get(modelVersion: number, institutionId: number, headers: readonly string[]): Promise<ScoringContext> {
    const key = `${modelVersion}|${institutionId}|${headers.join('\u001f')}`;
    let context = this.cache.get(key);
    if (!context) {
      context = this.compile(modelVersion, institutionId, headers);
      context.catch(() => this.cache.delete(key));
      this.cache.set(key, context);
      if (this.cache.size > this.capacity) this.cache.delete(this.cache.keys().next().value as string);
    }
    return context;
  }

  private async compile(modelVersion: number, institutionId: number, headers: readonly string[]): Promise<ScoringContext> {
    const [model, parameters] = await Promise.all([
      loadModelAsOf(this.store, modelVersion),
      loadInstitutionParametersAsOf(this.store, institutionId, modelVersion),
    ]);
    const compiled = compileModel(model.snapshot, parameters);
    return { compiled, columns: resolveColumns(compiled, headers) };
  }
}
